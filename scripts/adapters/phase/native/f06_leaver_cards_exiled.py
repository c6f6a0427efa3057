"""F6: a departed player's cards are exiled instead of leaving the game.

Rule 800.4a (cr-2026-02-27.txt): "When a player leaves the game, all objects
(see rule 109) owned by that player leave the game and any effects which give
that player control of any objects or players end. [...] Then, if there are
any objects still controlled by that player, those objects are exiled."

Play (3 players, free-for-all, from a new game): P3 casts Grizzly Bears on
turn 3, then concedes.
Rules: every card P3 owns (battlefield, hand, library, graveyard) leaves the
game; exile (rule 406, a zone of the game) receives only objects P3
controlled but did not own (none here).
phase: it moves P3's cards to the exile zone (`state.exile`, zone "Exile"),
where the remaining players' effects can see them. This is deliberate
upstream (phase-rs/phase PR #4090 routes a leaver's owned objects from every
zone to exile); see FINDINGS.md.
"""
from phasekit import BEARS, Table, run, verdict


def main():
    t = Table([BEARS], [["Grizzly Bears"] * 40] * 3)
    t.pass_until("PreCombatMain", 3)
    bears = t.card("Grizzly Bears", 2, "hand")
    t.cast(2, bears)
    t.resolve()
    assert t.obj(bears)["zone"] == "Battlefield"
    t.do(2, "Concede", player_id=2)
    assert t.g.player(2)["is_eliminated"], "P3 did not leave the game"
    st = t.state()
    owned = [o for o in st["objects"].values() if o["owner"] == 2]
    exiled = [o for o in owned if o["zone"] == "Exile" and o["id"] in st["exile"]]
    verdict(exiled,
            f"{len(exiled)} of P3's {len(owned)} cards (its Bears on the battlefield among them: "
            f"{t.obj(bears)['zone']}) are in the game's exile zone after P3 left",
            "P3's cards left the game; none is in the exile zone")


run(main)
