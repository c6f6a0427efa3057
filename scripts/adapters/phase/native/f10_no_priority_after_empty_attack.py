"""F10: no priority in the declare attackers step when nothing attacks.

Rule 508.2 (cr-2026-02-27.txt): "Second, the active player gets priority.
(See rule 117, "Timing and Priority.")"
Rule 508.8: "If no creatures are declared as attackers or put onto the
battlefield attacking, skip the declare blockers and combat damage steps."
(508.8 skips two steps, not the rest of the declare attackers step; 117.3a:
"The active player receives priority at the beginning of most steps and
phases, after any turn-based actions [...]".)

Play (2 players, from a new game): P1 casts Grizzly Bears on turn 1; on turn
3 phase asks P1 to declare attackers and P1 declares none.
Rules: P1 gets priority in the declare attackers step (e.g. to cast an
instant "after attackers are declared"), then the declare blockers and
combat damage steps are skipped.
phase: the empty declaration (AttackersDeclared) is followed at once by
PhaseChanged to EndCombat, with no priority in the declare attackers step.
"""
from phasekit import BEARS, Table, run, verdict


def main():
    t = Table([BEARS], [["Grizzly Bears"] * 40] * 2)
    t.pass_until("PreCombatMain", 1)
    bears = t.card("Grizzly Bears", 0, "hand")
    t.cast(0, bears)
    t.resolve()
    t.until_prompt("DeclareAttackers")
    assert t.g.turn == 3 and bears in t.wf["data"]["valid_attacker_ids"], t.where()
    ev = t.do(0, "DeclareAttackers", attacks=[], bands=[])
    kinds = [e["type"] for e in ev]
    verdict(not (t.g.phase == "DeclareAttackers" and t.prompt == "Priority"),
            f"after an empty declaration phase goes on at once ({', '.join(kinds)}) and is in "
            f"{t.g.phase}: no priority in the declare attackers step",
            "P1 has priority in the declare attackers step after declaring no attackers")


run(main)
