"""F9: the declare blockers step is skipped when the declared attackers are gone.

Rule 508.8 (cr-2026-02-27.txt): "If no creatures are declared as attackers or
put onto the battlefield attacking, skip the declare blockers and combat
damage steps."
Rule 506.1: "The declare blockers and combat damage steps are skipped if no
creatures are declared as attackers or put onto the battlefield attacking
(see rule 508.8)."
Rule 509.2: "Second, the active player gets priority."

Play (2 players, from a new game): P1 casts Grizzly Bears on turn 1 and
attacks P2 with them on turn 3; P2 Shocks the Bears in the declare attackers
step; then both players pass.
Rules: a creature was declared as an attacker, so the declare blockers step
happens (with no blocks) and P1 gets priority in it, then the combat damage
step.
phase: it goes from the declare attackers step straight to the end of combat
step. This is deliberate upstream (phase-rs/phase PR #3622, "Skip blocker
prompt when no attackers remain in play", fixing #1555); see FINDINGS.md.
"""
from phasekit import BEARS, SHOCK, Table, run, verdict


def main():
    t = Table([BEARS, SHOCK], [["Grizzly Bears"] * 40, ["Shock"] * 40])
    t.pass_until("PreCombatMain", 1)
    bears = t.card("Grizzly Bears", 0, "hand")
    t.cast(0, bears)
    t.resolve()
    t.until_prompt("DeclareAttackers")
    t.attack(0, [(bears, ("player", 1))])
    t.cast(1, t.card("Shock", 1, "hand"), bears)
    t.resolve()
    assert t.obj(bears)["zone"] == "Graveyard" and t.g.phase == "DeclareAttackers", t.where()
    for _ in range(4):                # both players pass: the step ends
        if t.g.phase != "DeclareAttackers":
            break
        t.pass_()
    nxt = t.g.phase
    verdict(nxt != "DeclareBlockers",
            f"with the declared attacker gone, phase passes from the declare attackers step to "
            f"{nxt}: no declare blockers step, no priority in it",
            f"phase went on to the declare blockers step ({t.where()})")


run(main)
