"""F26: Disciples of the Inferno's damage bonus applies only to damage dealt
to a creature: a noncreature source its controller controls deals only its
own damage to an opponent or to a battle.

Rule 614.1a (cr-2026-02-27.txt): "Effects that use the word "instead" are
replacement effects. Most replacement effects use the word "instead" to
indicate what events will be replaced with other events."
Disciples of the Inferno (the back face of Invasion of Regatha): "If a
noncreature source you control would deal damage to a creature, battle, or
opponent, it deals that much damage plus 2 instead."
Rule 120.3h (cr-2026-09-25-battles.md): "Damage dealt to a battle causes
that many defense counters to be removed from that battle."

Play (2 players, from a new game), with real cards: P1 casts Invasion of
Regatha (protector P2), Shocks it three times ("Shock deals 2 damage to any
target.") and casts it transformed: Disciples of the Inferno. On turn 2 P2
casts Elite Vanguard and Invasion of Kylem (a battle P2 controls, protector
P1, defense 5). P1 then casts Shock at P2, Shock at Invasion of Kylem and
Shock at Elite Vanguard.
Rules: each Shock is a noncreature source P1 controls; each deals 2 plus 2:
P2 goes from 20 to 16, Kylem loses 4 defense counters (5 to 1), the
Vanguard is dealt 4.
phase: the Shock at P2 deals 2 (20 to 18) and the Shock at Kylem removes 2
counters (5 to 3); only the Shock at the Vanguard (the control: a creature)
deals 4. phase's card data for the Disciples restricts the replacement to
damage dealt to creatures.
"""
from phasekit import SHOCK, Table, run, verdict
from realcards import ELITE_VANGUARD, INVASION_OF_KYLEM, INVASION_OF_REGATHA

DECK1 = ["Invasion of Regatha"] * 9 + ["Shock"] * 31          # the opening hand: one Regatha, six Shocks
DECK2 = ["Invasion of Kylem"] * 5 + ["Elite Vanguard"] * 35


def main():
    t = Table([INVASION_OF_REGATHA, INVASION_OF_KYLEM, ELITE_VANGUARD, SHOCK], [DECK1, DECK2],
              need={0: ["Invasion of Regatha", "Shock"], 1: ["Invasion of Kylem", "Elite Vanguard"]})

    t.pass_until("PreCombatMain", 1)
    regatha = t.card("Invasion of Regatha", 0, "hand")
    t.cast(0, regatha)
    t.settle(lambda seat: 1 - seat, no_trigger_targets=True, limit=20)
    for _ in range(3):
        t.cast(0, t.card("Shock", 0, "hand"), regatha)
        t.settle(lambda seat: 1 - seat, no_trigger_targets=True, limit=20)
    o = t.obj(regatha)
    assert o["name"] == "Disciples of the Inferno" and o["zone"] == "Battlefield", t.where()
    t.pass_until("PreCombatMain", 2)
    vanguard = t.card("Elite Vanguard", 1, "hand")
    t.cast(1, vanguard)
    t.settle(lambda seat: 1 - seat, no_trigger_targets=True, limit=20)
    kylem = t.card("Invasion of Kylem", 1, "hand")
    t.cast(1, kylem)
    t.settle(lambda seat: 1 - seat, no_trigger_targets=True, limit=20)
    assert t.obj(kylem)["counters"].get("defense") == 5, t.where()

    def shock(target):
        """P1 Shocks `target`: the damage it is dealt."""
        n = len(t.events)
        t.cast(0, t.card("Shock", 0, "hand"), target)
        t.settle(lambda seat: 1 - seat, no_trigger_targets=True, limit=20)
        want = {"Player": target[1]} if isinstance(target, tuple) else {"Object": target}
        return sum(e["data"]["amount"] for e in t.events[n:]
                   if e["type"] == "DamageDealt" and e["data"]["target"] == want)

    to_p2 = shock(("player", 1))
    to_kylem = shock(kylem)
    to_vanguard = shock(vanguard)
    assert to_vanguard == 4, f"control: the Shock at Elite Vanguard dealt {to_vanguard}, not 4"
    life, defense = t.state()["players"][1]["life"], t.obj(kylem)["counters"].get("defense")
    verdict(to_p2 == 2 or to_kylem == 2,
            f"with Disciples of the Inferno on P1's battlefield, P1's Shock dealt {to_p2} damage to P2 (life 20 -> "
            f"{life}) and {to_kylem} to Invasion of Kylem (defense 5 -> {defense}), but 4 to Elite Vanguard (the "
            f"control, a creature)",
            f"the Shocks dealt {to_p2} to P2, {to_kylem} to Kylem and {to_vanguard} to the Vanguard")


run(main)
