"""C3 (candidate, unconfirmed): "Target permanent becomes a copy of target
Siege." resolves with no effect when the first target is not a Siege.

A candidate, not a finding: the triage is not done (FINDINGS.md,
"Candidates"), so findings/ has no scenario for it and native/run.py does
not run it. The adapter scenarios that meet it are engine/scenarios/
b22-becomes-copy-no-counters.json, b22-becomes-copy-no-counters-three-players.json,
b22-copy-of-a-siege-whose-trigger-waits.json, b16-attached-equipment-becomes-siege.json
and b24-modal-dfc-copy-not-cast.json (battlecheck's test card Become the Siege).

Rule 608.2b (cr-2026-02-27.txt): "If the spell or ability specifies
targets, it checks whether the targets are still legal. [...] If all its
targets, for every instance of the word "target," are now illegal, the
spell or ability doesn't resolve. [...] Otherwise, the spell or ability
will resolve normally. Illegal targets, if any, won't be affected by parts
of a resolving spell's effect for which they're illegal." Rule 707.2: "When
copying an object, the copy acquires the copiable values of the original
object's characteristics [...]".

Play (2 players, from a new game): P1 casts Grizzly Bears and Pool Siege 3
(defense 3, protector P2) on turn 1, then Become the Siege ("Target
permanent becomes a copy of target Siege."), targeting the Bears (a legal
"target permanent") and the Siege (a legal "target Siege"); both pass.
Rules: both targets are still legal, so the spell resolves and the Bears
become a copy of Pool Siege 3; with no defense counters, the copy is put
into its owner's graveyard (704.5v).
phase: the spell goes to the graveyard with no effect (no EffectResolved
event): the Bears stay a 2/2 creature on the battlefield.
Control (same script): the same play with "Target permanent becomes a copy
of target permanent." makes the Bears a copy of the Siege (it goes to the
graveyard): the only difference is the word "Siege".
"""
from phasekit import BEARS, Table, instant, run, siege, verdict

SIEGE = siege("Pool Siege 3", 3, "Pool Siege 3 Reborn")


def play(text):
    """Returns (the Bears' zone, their card types, whether phase reported
    the copy effect resolving)."""
    become = instant("Become the Siege", text)
    deck = ["Grizzly Bears"] * 14 + ["Pool Siege 3"] * 13 + ["Become the Siege"] * 13
    t = Table([BEARS, SIEGE, become], [deck, ["Grizzly Bears"] * 40],
              need={0: ["Grizzly Bears", "Pool Siege 3", "Become the Siege"]})
    t.pass_until("PreCombatMain", 1)
    bears, s = t.card("Grizzly Bears", 0, "hand"), t.card("Pool Siege 3", 0, "hand")
    for c in (bears, s):
        t.cast(0, c)
        t.resolve()
        if t.prompt == "NamedChoice":
            t.choose_protector(1)
    b = t.card("Become the Siege", 0, "hand")
    t.do(0, "CastSpell", object_id=b, card_id=t.obj(b)["card_id"], targets=[],
         payment_mode={"type": "Auto"})
    for x in (bears, s):
        assert t.prompt == "TargetSelection", t.where()
        t.do(0, "ChooseTarget", target={"Object": x})
    got = t.g.stack()[-1]["kind"]["data"]["ability"]["targets"]
    assert got == [{"Object": bears}, {"Object": s}], f"the spell targets {got}"
    n = len(t.events)
    t.resolve()
    resolved = any(e["type"] == "EffectResolved" and (e.get("data") or {}).get("kind") == "BecomeCopy"
                   for e in t.events[n:])
    o = t.obj(bears)
    return o["zone"], o["card_types"]["core_types"], resolved


def main():
    control = play("Target permanent becomes a copy of target permanent.")
    assert control[0] == "Graveyard" and control[2], f"control: the Bears are {control}"
    zone, types, resolved = play("Target permanent becomes a copy of target Siege.")
    verdict(zone == "Battlefield" and "Creature" in types and not resolved,
            f"Become the Siege resolves with no effect: the Bears stay a {'/'.join(types)} on the "
            f"{zone} (copy effect resolved: {resolved}); with 'target permanent' instead of 'target Siege' "
            f"the Bears become the Siege's copy and go to the graveyard",
            f"the Bears become a copy of the Siege ({zone}, {'/'.join(types)})")


run(main)
