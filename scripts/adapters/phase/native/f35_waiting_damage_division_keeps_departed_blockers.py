"""F35: when the defending player leaves the game while the attacker's
controller divides combat damage among that player's blockers, phase keeps
the waiting division prompt, accepts it, and deals combat damage to the
departed blockers.

Rule 800.4a (cr-2026-02-27.txt): "When a player leaves the game, all
objects (see rule 109) owned by that player leave the game [...]"
Rule 509.1h: "An attacking creature with one or more creatures declared as
blockers for it becomes a blocked creature; one with no creatures declared
as blockers for it becomes an unblocked creature. This remains unchanged
until the creature is removed from combat, an effect says that it becomes
blocked or unblocked, or the combat phase ends, whichever comes first. A
creature remains blocked even if all the creatures blocking it are removed
from combat."
Rule 510.1c: "A blocked creature assigns its combat damage to the creatures
blocking it. If no creatures are currently blocking it (if, for example,
they were destroyed or removed from combat), it assigns no combat damage.
[...]"
Rule 702.15b: "Damage dealt by a source with lifelink causes that source's
controller, or its owner if it has no controller, to gain that much life (in
addition to any other results that damage causes). See rule 120.3."

Play (3 players, free-for-all, from a new game), with real cards: P1 casts
Child of Night (2/1, lifelink) on turn 1, P3 two Grizzly Bears on turn 3.
On turn 4 Child of Night attacks P3 and both Bears block it. In the combat
damage step phase asks P1 how to divide its 2 damage between the Bears
(AssignCombatDamage); P3 concedes; P1 then divides 1 and 1.
Rules: the Bears leave the game with P3; Child of Night is blocked by no
creature and assigns no combat damage: nothing is divided, no damage is
dealt and P1 gains no life.
phase: the prompt still lists P3's Bears (now in exile, F6) as blockers,
accepts the division, deals 1 combat damage to each departed Bear and P1
gains 2 life.
Control (a second game): P3 concedes in the declare blockers step instead:
no division is asked and P1 gains no life.
"""
from phasekit import BEARS, Table, creature, run, verdict

CHILD_OF_NIGHT = creature("Child of Night", 2, 1, "Lifelink")      # {1}{B} (cost {0} here)


def play(concede_in_damage_step):
    """Returns (the blockers the division prompt lists after P3 left, the
    answer to P1's division, the combat damage dealt to the Bears, P1's
    life)."""
    t = Table([CHILD_OF_NIGHT, BEARS],
              [["Child of Night"] * 40, ["Grizzly Bears"] * 40, ["Grizzly Bears"] * 40],
              need={0: ["Child of Night"], 2: ["Grizzly Bears"]})
    t.pass_until("PreCombatMain", 1)
    child = t.card("Child of Night", 0, "hand")
    t.cast(0, child)
    t.resolve()
    t.pass_until("PreCombatMain", 3)
    bears = []
    for _ in range(2):
        bears.append(t.card("Grizzly Bears", 2, "hand"))
        t.cast(2, bears[-1])
        t.resolve()
    while not (t.g.turn == 4 and t.prompt == "DeclareAttackers"):
        if t.prompt == "DeclareAttackers":
            t.do(t.actor, "DeclareAttackers", attacks=[], bands=[])
        elif t.prompt == "DeclareBlockers":
            t.do(t.actor, "DeclareBlockers", assignments=[])
        else:
            t.pass_()
    t.attack(0, [(child, ("player", 2))])
    for _ in range(20):
        if t.prompt == "DeclareBlockers":
            who = t.wf["data"]["player"]
            t.do(who, "DeclareBlockers", assignments=[[b, child] for b in bears] if who == 2 else [])
            if who == 2 and not concede_in_damage_step:
                t.do(2, "Concede", player_id=2)
        elif t.prompt == "Priority" and t.g.phase in ("DeclareAttackers", "DeclareBlockers"):
            t.pass_()
        else:
            break
    listed, answer = None, "not asked"
    n = len(t.events)
    if concede_in_damage_step:
        assert t.prompt == "AssignCombatDamage" and t.wf["data"]["attacker_id"] == child, t.where()
        t.do(2, "Concede", player_id=2)
    if t.prompt == "AssignCombatDamage":
        listed = [(x["blocker_id"], t.obj(x["blocker_id"])["zone"]) for x in t.wf["data"]["blockers"]]
        try:
            t.do(0, "AssignCombatDamage", assignments=[[b, 1] for b in bears], trample_damage=0,
                 controller_damage=0, mode="Normal")
            answer = "accepted"
        except ValueError as e:
            answer = f"refused ({e})"
    t.pass_until("PostCombatMain", 4)
    dealt = sum(e["data"]["amount"] for e in t.events[n:] if e["type"] == "DamageDealt"
                and e["data"]["source_id"] == child)
    assert t.state()["players"][2].get("is_eliminated"), "P3 is still in the game"
    return listed, answer, dealt, t.state()["players"][0]["life"]


def main():
    listed, answer, dealt, life = play(False)
    assert listed is None and dealt == 0 and life == 20, \
        f"control: P3 left in the declare blockers step: prompt {listed}, dealt {dealt}, P1's life {life}"
    listed, answer, dealt, life = play(True)
    verdict(listed is not None and answer == "accepted" or dealt > 0,
            f"after P3 conceded, phase's waiting AssignCombatDamage prompt still lists P3's Bears as Child of "
            f"Night's blockers ({listed}); P1's division was {answer}, Child of Night dealt {dealt} combat damage "
            f"and P1's life is {life} (lifelink); when P3 concedes in the declare blockers step (the control) "
            f"nothing is divided or dealt and P1 stays at 20",
            f"after P3 conceded: prompt {listed}, division {answer}, damage {dealt}, P1's life {life}")


run(main)
