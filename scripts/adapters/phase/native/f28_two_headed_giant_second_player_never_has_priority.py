"""F28: in Two-Headed Giant, only the first player of each team ever receives
priority: the other player of each team can never cast a spell.

Rule 810.2 (cr-2026-02-27.txt): "The Two-Headed Giant variant uses the
shared team turns option. (See rule 805.)"
Rule 805.5: "Teams have priority, not individual players."
Rule 805.5a: "A player may cast a spell, activate an ability, or take a
special action when their team has priority."
Rule 805.5b: "If a team has priority and no player on that team wishes to
do anything, that team passes. If all teams pass in succession (that is, if
all teams pass without any player taking any actions in between passing),
the top object on the stack resolves, then the active team receives
priority. [...]"

Play (phase's TwoHeadedGiant format, 4 players from a new game: teams P1+P2
and P3+P4), with one real card: each player's deck is Grizzly Bears. In the
first main phase of the first turn (team P1+P2's), P1 holds priority; P2
casts Grizzly Bears from P2's hand. Then every player who holds priority
passes through turns 1 and 2.
Rules: P2's team has priority, so P2 may cast the Bears (805.5a), and P2
may act whenever the team has priority.
phase: P2's cast is refused ("Wrong player"), the legal actions offered
hold only P1's cards, and P1 may not cast P2's card ("Card is not in a
castable zone"): over two whole turns priority goes only to P1 and P3 (the
step ends once they have both passed), so P2 and P4 never act.
Control (same game): P1 casts its own Grizzly Bears.
"""
import re

from phasekit import BEARS, Table, engine, run, verdict


class TwoHeadedGiant(Table):
    """phasekit's Table, with phase's TwoHeadedGiant format (4 decks)."""

    def __init__(self, cards, decks):  # noqa: super().__init__ is the Standard / FreeForAll form
        self.g = engine(*cards).new_game(decks[0], decks[1], extra_players=decks[2:], seed=1,
                                         format="TwoHeadedGiant", first_player=0)
        self.events = []
        while self.wf["type"] == "MulliganDecision":
            self.do(self.wf["data"]["pending"][0]["player"], "MulliganDecision", choice={"type": "Keep"})


def main():
    t = TwoHeadedGiant([BEARS], [["Grizzly Bears"] * 40] * 4)
    assert t.state()["format_config"]["team_based"], "not a team game"
    t.pass_until("PreCombatMain", 1)
    assert t.actor == 0, t.where()
    theirs = t.card("Grizzly Bears", 1, "hand")
    try:
        t.do(1, "CastSpell", object_id=theirs, card_id=t.obj(theirs)["card_id"], targets=[],
             payment_mode={"type": "Auto"})
        p2_cast = "accepted"
    except ValueError as e:
        p2_cast = f"refused ({e})"
    offered = sorted({t.obj(int(m))["owner"] for m in re.findall(r'"object_id":(\d+)', str(t.g.actions()))})
    try:
        t.do(0, "CastSpell", object_id=theirs, card_id=t.obj(theirs)["card_id"], targets=[],
             payment_mode={"type": "Auto"})
        p1_for_p2 = "accepted"
    except ValueError as e:
        p1_for_p2 = f"refused ({e})"
    mine = t.card("Grizzly Bears", 0, "hand")
    t.cast(0, mine)
    t.resolve()
    assert t.obj(mine)["zone"] == "Battlefield", f"control: P1's Bears are in {t.obj(mine)['zone']}"
    holders = set()
    while t.g.turn <= 2:
        if t.prompt == "Priority":
            holders.add(t.actor)
            t.pass_()
        elif t.prompt == "DeclareAttackers":
            t.do(t.actor, "DeclareAttackers", attacks=[], bands=[])
        elif t.prompt == "DeclareBlockers":
            t.do(t.actor, "DeclareBlockers", assignments=[])
        else:
            t.pass_()
    seats = sorted(f"P{s + 1}" for s in holders)
    verdict(p2_cast != "accepted" and holders <= {0, 2},
            f"with P1+P2's team holding priority, P2's Grizzly Bears cast was {p2_cast}; the actions offered "
            f"hold cards of seat(s) {offered} only, and P1 casting P2's card was {p1_for_p2}; over turns 1 and 2 "
            f"only {seats} ever held priority (P1's own Bears, the control, resolved)",
            f"P2's cast was {p2_cast}; priority holders over two turns: {seats}")


run(main)
