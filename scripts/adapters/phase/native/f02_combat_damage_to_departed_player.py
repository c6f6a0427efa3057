"""F2: combat damage is dealt to a player who has left the game.

Rule 800.4e (cr-2026-02-27.txt): "If combat damage would be assigned to a
player who has left the game, that damage isn't assigned."

Play (3 players, free-for-all, from a new game): P1 casts Grizzly Bears on
turn 1 and attacks P3 with them on turn 4; P3 concedes in the declare
attackers step.
Rules: no combat damage is assigned to P3 (no damage event, so nothing that
triggers on combat damage to a player, no lifelink).
phase: in the combat damage step it emits DamageDealt (combat) and
CombatDamageDealtToPlayer for P3, whose life goes from 20 to 18.
"""
from phasekit import BEARS, Table, run, verdict


def main():
    t = Table([BEARS], [["Grizzly Bears"] * 40] * 3)
    t.pass_until("PreCombatMain", 1)
    bears = t.card("Grizzly Bears", 0, "hand")
    t.cast(0, bears)
    t.resolve()
    t.until_prompt("DeclareAttackers")
    t.attack(0, [(bears, ("player", 2))])
    t.do(2, "Concede", player_id=2)
    assert t.g.player(2)["is_eliminated"], "P3 did not leave the game"
    start = len(t.events)
    t.pass_until("EndCombat")
    hits = [e["data"] for e in t.events[start:] if e["type"] == "DamageDealt"
            and e["data"]["target"] == {"Player": 2}]
    verdict(hits,
            f"P3 left the game, then the Bears dealt P3 {hits[0]['amount'] if hits else 0} combat "
            f"damage (DamageDealt is_combat={hits[0]['is_combat'] if hits else None}, "
            f"life {t.g.player(2)['life']})",
            "no combat damage was dealt to P3 after P3 left the game")


run(main)
