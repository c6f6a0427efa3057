"""F7: a blocking creature stops blocking when the attacker it blocks dies.

Rule 509.1g (cr-2026-02-27.txt): "Each chosen creature still controlled by
the defending player becomes a blocking creature. Each one is blocking the
attacking creatures chosen for it. It remains a blocking creature until it's
removed from combat or the combat phase ends, whichever comes first."

Play (2 players, from a new game): P1 casts Grizzly Bears (turn 1), P2 casts
Hill Giant (turn 2); on turn 3 the Bears attack and the Giant blocks them.
P1 holds Righteousness ("Target blocking creature gets +7/+7 until end of
turn.", cost {0} here). The Giant kills the Bears in the combat damage step.
Rules: the Giant is still a blocking creature for the rest of combat, so in
the combat damage step it is a legal target for Righteousness.
phase: when the Bears die it drops the Giant from its combat state
(`blocker_to_attacker`), so the Giant is no longer a blocking creature:
Righteousness, castable in the declare blockers step, is refused in the
combat damage step with "No legal targets available".
"""
from phasekit import BEARS, HILL_GIANT, Table, instant, run, verdict

RIGHTEOUSNESS = instant("Righteousness", "Target blocking creature gets +7/+7 until end of turn.")


def castable(t, oid):
    return any(a.kind == "CastSpell" and a.data["object_id"] == oid for a in t.g.actions())


def main():
    t = Table([BEARS, HILL_GIANT, RIGHTEOUSNESS],
              [["Grizzly Bears"] * 20 + ["Righteousness"] * 20, ["Hill Giant"] * 40],
              need={0: ["Grizzly Bears", "Righteousness"]})
    t.pass_until("PreCombatMain", 1)
    bears = t.card("Grizzly Bears", 0, "hand")
    t.cast(0, bears)
    t.resolve()
    t.pass_until("PreCombatMain", 2)
    giant = t.card("Hill Giant", 1, "hand")
    t.cast(1, giant)
    t.resolve()
    t.until_prompt("DeclareAttackers")
    t.attack(0, [(bears, ("player", 1))])
    t.until_prompt("DeclareBlockers")
    t.do(1, "DeclareBlockers", assignments=[[giant, bears]])
    spell = t.card("Righteousness", 0, "hand")
    before = castable(t, spell)      # declare blockers step: the Giant is a legal target
    t.pass_until("CombatDamage")
    assert t.obj(bears)["zone"] == "Graveyard" and t.obj(giant)["zone"] == "Battlefield", t.where()
    after = castable(t, spell)
    refused = None
    try:
        t.do(0, "CastSpell", object_id=spell, card_id=spell, targets=[], payment_mode={"type": "Auto"})
    except ValueError as e:
        refused = str(e)
    verdict(before and not after and refused,
            f"after the Bears died the Giant is no blocking creature: Righteousness (castable before damage: "
            f"{before}) is refused: {refused}",
            "the Giant remained a blocking creature and could be targeted by Righteousness")


run(main)
