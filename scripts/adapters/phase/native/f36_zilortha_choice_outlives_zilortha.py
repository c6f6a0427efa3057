"""F36: after Zilortha, Apex of Ikoria leaves the game with its owner, a
combat damage assignment already waiting still offers, and accepts, its
"as though it weren't blocked" choice.

Zilortha, Apex of Ikoria (the back face of Invasion of Ikoria): "For each
non-Human creature you control, you may have that creature assign its
combat damage as though it weren't blocked."
Rule 800.4a (cr-2026-02-27.txt): "When a player leaves the game, all
objects (see rule 109) owned by that player leave the game and any effects
which give that player control of any objects or players end. [...]"
Rule 510.1c: "A blocked creature assigns its combat damage to the creatures
blocking it. [...]"
Rule 702.19b: "The controller of an attacking creature with trample first
assigns damage to the creature(s) blocking it. Once all those blocking
creatures are assigned lethal damage, any excess damage is assigned as its
controller chooses among those blocking creatures and the player,
planeswalker, or battle the creature is attacking. [...]"

Play (3 players, free-for-all, from a new game), with real cards: P1 casts
Colossal Dreadmaw (6/6, trample); P2 casts Wall of Wood (0/3, defender); P3
casts Invasion of Ikoria, Shocks it three times and casts it transformed:
Zilortha. On turn 4 P1 casts Confiscate ("Enchant permanent / You control
enchanted permanent.") on Zilortha, and the Dreadmaw attacks P2; the Wall
blocks it. In the combat damage step phase asks P1 how the Dreadmaw
assigns its damage (AssignCombatDamage, modes Normal and
AsThoughUnblocked). P3, Zilortha's owner, concedes; P1 answers
AsThoughUnblocked.
Rules: Zilortha leaves the game with P3 (800.4a); P1 controls nothing that
gives the choice any more, so the Dreadmaw assigns at least lethal damage
(3) to the Wall and at most 3 to P2 (702.19b): P2 ends at 17 or more and
the Wall dies.
phase: the waiting prompt still lists AsThoughUnblocked and accepts it: the
Dreadmaw deals all 6 to P2 (20 to 14) and the Wall is dealt nothing.
Control (a second game): P3 concedes in the declare blockers step instead:
the prompt then offers the Normal mode only.
"""
from phasekit import SHOCK, Table, creature, run, verdict
from realcards import CONFISCATE, INVASION_OF_IKORIA, WALL_OF_WOOD

COLOSSAL_DREADMAW = creature("Colossal Dreadmaw", 6, 6, "Trample")
DECKS = [["Colossal Dreadmaw"] * 20 + ["Confiscate"] * 20, ["Wall of Wood"] * 40,
         ["Invasion of Ikoria"] * 3 + ["Shock"] * 37]          # P3's opening hand: one Ikoria, six Shocks


def play(concede_in_damage_step):
    """Returns (the Dreadmaw's assignment modes phase offers after P3 left,
    the answer to AsThoughUnblocked, P2's life, the Wall's zone)."""
    t = Table([INVASION_OF_IKORIA, SHOCK, COLOSSAL_DREADMAW, WALL_OF_WOOD, CONFISCATE], DECKS,
              need={0: ["Colossal Dreadmaw", "Confiscate"], 1: ["Wall of Wood"], 2: ["Invasion of Ikoria", "Shock"]})

    t.pass_until("PreCombatMain", 1)
    dreadmaw = t.card("Colossal Dreadmaw", 0, "hand")
    t.cast(0, dreadmaw)
    t.settle(0)
    t.pass_until("PreCombatMain", 2)
    wall = t.card("Wall of Wood", 1, "hand")
    t.cast(1, wall)
    t.settle(0)
    t.pass_until("PreCombatMain", 3)
    ikoria = t.card("Invasion of Ikoria", 2, "hand")
    t.cast(2, ikoria)
    t.settle(0)
    for _ in range(3):
        t.cast(2, t.card("Shock", 2, "hand"), ikoria)
        t.settle(0)
    assert t.obj(ikoria)["name"] == "Zilortha, Apex of Ikoria" and t.obj(ikoria)["zone"] == "Battlefield", t.where()
    t.pass_until("PreCombatMain", 4)
    t.cast(0, t.card("Confiscate", 0, "hand"), ikoria)
    t.settle(0)
    assert t.obj(ikoria)["controller"] == 0, t.where()
    t.until_prompt("DeclareAttackers")
    t.attack(0, [(dreadmaw, ("player", 1))])
    for _ in range(20):
        if t.prompt == "DeclareBlockers":
            who = t.wf["data"]["player"]
            t.do(who, "DeclareBlockers", assignments=[[wall, dreadmaw]] if who == 1 else [])
            if who == 1 and not concede_in_damage_step:
                t.do(2, "Concede", player_id=2)
        elif t.prompt == "Priority" and t.g.phase in ("DeclareAttackers", "DeclareBlockers"):
            t.pass_()
        else:
            break
    assert t.prompt == "AssignCombatDamage" and t.wf["data"]["attacker_id"] == dreadmaw, t.where()
    if concede_in_damage_step:
        assert "AsThoughUnblocked" in t.wf["data"]["assignment_modes"], t.wf["data"]
        t.do(2, "Concede", player_id=2)
    assert t.obj(ikoria)["zone"] != "Battlefield", "Zilortha is still on the battlefield"
    modes = list(t.wf["data"]["assignment_modes"])
    answer = "not offered"
    if "AsThoughUnblocked" in modes or concede_in_damage_step:
        try:
            t.do(0, "AssignCombatDamage", assignments=[], trample_damage=0, controller_damage=0,
                 mode="AsThoughUnblocked")
            answer = "accepted"
        except ValueError as e:
            answer = f"refused ({e})"
    return modes, answer, t.state()["players"][1]["life"], t.obj(wall)["zone"]


def main():
    modes, _, _, _ = play(False)
    assert modes == ["Normal"], f"control: P3 left before the damage step, the modes offered are {modes}"
    modes, answer, life, wall = play(True)
    verdict(answer == "accepted",
            f"after P3 (Zilortha's owner) conceded, phase's waiting prompt for Colossal Dreadmaw still offers the "
            f"modes {modes}; AsThoughUnblocked was {answer}: P2's life is {life} (the Dreadmaw dealt it all 6) and "
            f"Wall of Wood is on the {wall}; when P3 concedes in the declare blockers step (the control) only "
            f"['Normal'] is offered",
            f"after P3 conceded: modes {modes}, AsThoughUnblocked {answer}")


run(main)
