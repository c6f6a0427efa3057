"""F1: gaining control of an attacking creature does not remove it from combat.

Rule 506.4 (cr-2026-09-25-battles.md): "A permanent is removed from combat if
it leaves the battlefield, if its controller or protector changes, [...] A
creature that's removed from combat stops being an attacking, blocking,
blocked, and/or unblocked creature."

Play (2 players, from a new game): P1 casts Grizzly Bears on turn 1 and
attacks P2 with them on turn 3; in the declare attackers step P2 casts
Threaten the Gates ("Gain control of target permanent.") on the Bears.
Rules: the Bears leave combat and deal no combat damage.
phase: the Bears, now P2's, stay in `combat.attackers` attacking P2 and deal
P2 2 combat damage.
"""
from phasekit import BEARS, THREATEN, Table, run, verdict


def main():
    t = Table([BEARS, THREATEN], [["Grizzly Bears"] * 40, ["Threaten the Gates"] * 40])
    t.pass_until("PreCombatMain", 1)
    bears = t.card("Grizzly Bears", 0, "hand")
    t.cast(0, bears)
    t.resolve()
    t.until_prompt("DeclareAttackers")
    t.attack(0, [(bears, ("player", 1))])
    t.cast(1, t.card("Threaten the Gates", 1, "hand"), bears)
    t.resolve()
    assert t.obj(bears)["controller"] == 1, "Threaten the Gates did not resolve"
    still = [a for a in t.combat().get("attackers", []) if a["object_id"] == bears]
    start = len(t.events)
    t.pass_until("EndCombat")
    hits = [e["data"] for e in t.events[start:] if e["type"] == "DamageDealt"
            and e["data"]["source_id"] == bears and e["data"]["is_combat"]]
    verdict(still or hits,
            f"the Bears, now P2's, stay attacking P2 (in combat: {bool(still)}) and deal P2 "
            f"{sum(h['amount'] for h in hits)} combat damage (life {t.g.player(1)['life']})",
            "the Bears left combat when P2 gained control of them and dealt no combat damage")


run(main)
