"""C1 (candidate, older releases only): a Siege defeated by combat damage is
put into the graveyard while its defeat trigger is on the stack.

A candidate, not a finding: it reproduces on phase-python 0.77.0 and 0.83.0
and not on 0.103.0 (the release CI pins), so findings/ has no scenario for
it and native/run.py does not run it; scripts/matrix/ runs it on every
release. The adapter scenarios that show it on the older releases are
engine/scenarios/b05-excess-damage-not-carried.json,
engine/scenarios/b33-first-strike-defeat.json and
agrees/first-strike-damage-step-priority.json.

Rule 310.7 (cr-2026-09-25-battles.md): "If a Siege battle's defense is 0 and
it isn't the source of an ability which has triggered but not yet left the
stack, it's put into its owner's graveyard. (This is a state-based action.
See rule 704.)" 704.5v says the same.

Play (2 players, from a new game): P1 casts Grizzly Bears and Pool Siege 2
(defense 2, protector P2) on turn 1; on turn 3 the Bears attack the Siege,
P2 does not block, and the Bears' 2 combat damage removes its last defense
counter. Its defeat trigger (310.12b) goes on the stack.
Rules: while the trigger is on the stack the Siege stays on the battlefield
at defense 0; the trigger then exiles it and P1 may cast it transformed.
Control (same script): the same Siege defeated by Shock (noncombat damage)
stays on the battlefield while its trigger is on the stack, so the check of
the zone is itself tested.
"""
from phasekit import BEARS, SHOCK, Table, run, siege, verdict

SIEGE = siege("Pool Siege 2", 2, "Pool Siege 2 Reborn")


def defeated(by_combat):
    """Defeats the Siege; returns (its zone while the trigger is on the
    stack, its zone once the trigger has resolved, whether phase offered
    the cast)."""
    deck = ["Grizzly Bears"] * 14 + ["Pool Siege 2"] * 13 + ["Shock"] * 13
    t = Table([BEARS, SIEGE, SHOCK], [deck, ["Grizzly Bears"] * 40],
              need={0: ["Grizzly Bears", "Pool Siege 2", "Shock"]})
    t.pass_until("PreCombatMain", 1)
    bears, s = t.card("Grizzly Bears", 0, "hand"), t.card("Pool Siege 2", 0, "hand")
    for c in (bears, s):
        t.cast(0, c)
        t.resolve()
        if t.prompt == "NamedChoice":
            t.choose_protector(1)
    if by_combat:
        t.until_prompt("DeclareAttackers")
        t.attack(0, [(bears, s)])
        for _ in range(20):
            if t.g.stack():
                break
            if t.prompt == "DeclareBlockers":
                t.do(t.actor, "DeclareBlockers", assignments=[])
            else:
                t.pass_()
    else:
        t.cast(0, t.card("Shock", 0, "hand"), s)
        t.resolve()
    assert t.g.stack(), f"no defeat trigger on the stack: {t.where()}"
    waiting = t.obj(s)["zone"]
    t.resolve()
    offered = t.prompt == "OptionalEffectChoice"
    if offered:
        t.do(0, "DecideOptionalEffect", accept=False)
    return waiting, t.obj(s)["zone"], offered


def main():
    control = defeated(by_combat=False)
    assert control[0] == "Battlefield", f"control: the Shocked Siege is in {control[0]} while its trigger waits"
    waiting, after, offered = defeated(by_combat=True)
    verdict(waiting != "Battlefield",
            f"with its defeat trigger on the stack the Siege defeated by combat damage is in {waiting} "
            f"(then {after}, cast offered: {offered}); defeated by Shock it waits on the battlefield",
            f"the Siege defeated by combat damage waits on the battlefield while its trigger is on the "
            f"stack (then {after}, cast offered: {offered})")


run(main)
