"""F29: in Two-Headed Giant, a defending player is never asked to block a
creature attacking their teammate: phase has each defending player block
alone, only the creatures attacking that player.

Rule 810.7 (cr-2026-02-27.txt): "The Two-Headed Giant variant uses the
combat rules for the shared team turns option (see rule 805.10). This is a
change from previous rules."
Rule 805.10d: "As the declare blockers step begins, the defending team
declares blockers. Creatures controlled by the defending players can block
creatures attacking any player on the defending team, attacking a
planeswalker controlled by one of those players, or a battle protected by
one of those players. The defending team has one combined block, and that
set of blocking creatures must be legal as a whole. See rule 509.1."

Play (phase's TwoHeadedGiant format, 4 players from a new game: teams P1+P2
and P3+P4), with real cards: P1 casts Grizzly Bears on turn 1; P3 casts two
Walls of Wood (0/3, defender) on turn 2. On turn 3 P1's Bears attack P4.
Rules: the defending team declares one combined block; P3's untapped Walls
may block the Bears, which attack P3's teammate.
phase: it asks P4 alone (who controls no creature) and declares no blockers
for P4; P3 is never asked (`blockers_declared_by` [3]), so the Walls cannot
block and the Bears deal 2 damage to P4.
Control (same script, a second game): the Bears attack P3, who is asked
and may block with a Wall.
"""
from phasekit import BEARS, Table, engine, run, verdict
from realcards import WALL_OF_WOOD


class TwoHeadedGiant(Table):
    """phasekit's Table, with phase's TwoHeadedGiant format (4 decks)."""

    def __init__(self, cards, decks):  # noqa: super().__init__ is the Standard / FreeForAll form
        self.g = engine(*cards).new_game(decks[0], decks[1], extra_players=decks[2:], seed=1,
                                         format="TwoHeadedGiant", first_player=0)
        self.events = []
        while self.wf["type"] == "MulliganDecision":
            self.do(self.wf["data"]["pending"][0]["player"], "MulliganDecision", choice={"type": "Keep"})


def play(defender):
    """P1's Bears attack seat `defender`; returns (who phase asked to
    block and the blockers each could use, whether P3 blocked with a Wall,
    the combat record, the life of P4)."""
    t = TwoHeadedGiant([BEARS, WALL_OF_WOOD], [["Grizzly Bears"] * 40] * 2 + [["Wall of Wood"] * 40] * 2)
    t.pass_until("PreCombatMain", 1)
    bears = t.card("Grizzly Bears", 0, "hand")
    t.cast(0, bears)
    t.resolve()
    t.pass_until("PreCombatMain", 2)
    walls = []
    for _ in range(2):
        walls.append(t.card("Wall of Wood", 2, "hand"))
        t.cast(2, walls[-1])
        t.resolve()
    while not (t.g.turn == 3 and t.prompt == "DeclareAttackers"):
        if t.prompt == "DeclareAttackers":
            t.do(t.actor, "DeclareAttackers", attacks=[], bands=[])
        else:
            t.pass_()
    t.attack(0, [(bears, ("player", defender))])
    asked, blocked = {}, False
    for _ in range(20):
        if t.prompt == "DeclareBlockers":
            d = t.wf["data"]
            asked[f"P{d['player'] + 1}"] = d.get("valid_block_targets")
            if d["player"] == 2 and bears in d.get("valid_block_targets", {}).get(str(walls[0]), []):
                t.do(2, "DeclareBlockers", assignments=[[walls[0], bears]])
                blocked = True
            else:
                t.do(d["player"], "DeclareBlockers", assignments=[])
        elif t.prompt == "Priority" and t.g.phase in ("DeclareAttackers", "DeclareBlockers") and not asked:
            t.pass_()
        else:
            break
    combat = t.combat()
    t.pass_until("PostCombatMain", 3)
    return asked, blocked, combat.get("blockers_declared_by"), t.state()["players"][3]["life"]


def main():
    asked, blocked, by, _ = play(2)
    assert blocked, f"control: the Bears attacking P3: asked {asked}, P3 blocked {blocked}"
    asked, blocked, by, life = play(3)
    verdict(not blocked and "P3" not in asked,
            f"the Bears attacked P4: phase asked {sorted(asked) or 'nobody'} to declare blockers (blockers declared "
            f"by seats {by}), never P3, whose two untapped Walls of Wood could not block; P4's life went 15 -> "
            f"{life}; attacking P3 (the control), P3 is asked and blocks with a Wall",
            f"asked {asked}; P3 blocked {blocked}")


run(main)
