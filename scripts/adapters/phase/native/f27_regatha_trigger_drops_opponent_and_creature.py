"""F27: Invasion of Regatha's enters trigger can target only another battle:
an opponent is not a legal target, and the 1 damage to up to one target
creature is never dealt.

Rule 115.1 (cr-2026-02-27.txt): "Some spells and abilities require their
controller to choose one or more targets for them. The targets are
object(s) and/or player(s) the spell or ability will affect. These targets
are declared as part of the process of putting the spell or ability on the
stack. [...]"
Rule 603.3d: "The remainder of the process for putting a triggered ability
on the stack is identical to the process for casting a spell listed in
rules 601.2c–d. [...]"
Invasion of Regatha: "When this Siege enters, it deals 4 damage to another
target battle or opponent and 1 damage to up to one target creature."

Play (2 players, from a new game), with real cards: P1 casts Elite Vanguard
(2/1) and then Invasion of Regatha (protector P2), with no other battle on
the battlefield; then a second Invasion of Regatha.
Rules: the first Regatha's trigger targets P2 (the only opponent, the only
legal first target) and, if P1 wishes, the Vanguard: P2 is dealt 4 (20 to
16) and the Vanguard 1 (it dies, 704.5g). The second Regatha's trigger may
target P2 or the first Regatha, then up to one creature.
phase: the first trigger asks for no target, goes on the stack with none
and deals no damage (P2 stays at 20); the second trigger offers one target
slot whose only legal target is the first Regatha (not P2) and asks for no
creature: it removes 4 defense counters from the first Regatha (the
control: the battle half works) and the Vanguard is dealt nothing.
"""
from phasekit import Table, run, verdict
from realcards import ELITE_VANGUARD, INVASION_OF_REGATHA

DECK = ["Invasion of Regatha"] * 17 + ["Elite Vanguard"] * 23


def main():
    t = Table([INVASION_OF_REGATHA, ELITE_VANGUARD], [DECK, ["Elite Vanguard"] * 40],
              need={0: ["Invasion of Regatha", "Elite Vanguard"]})
    t.pass_until("PreCombatMain", 1)
    vanguard = t.card("Elite Vanguard", 0, "hand")
    t.cast(0, vanguard)
    t.resolve()

    def cast_regatha():
        """P1 casts a Regatha; returns (its id, the target slots phase asked
        for, the targets its trigger had on the stack, the damage dealt by
        it: {target: amount})."""
        oid = next(o["id"] for o in t.state()["objects"].values()
                   if o["name"] == "Invasion of Regatha" and o["zone"] == "Hand" and o["owner"] == 0)
        n = len(t.events)
        t.cast(0, oid)
        slots, targets = [], None
        for _ in range(20):
            p = t.prompt
            if p == "NamedChoice":
                t.choose_protector(1)
            elif p == "TriggerTargetSelection":
                d = t.wf["data"]
                slots.append([s["legal_targets"] for s in d["target_slots"]])
                t.do(0, "ChooseTarget", target=d["selection"]["current_legal_targets"][0])
            elif p == "Priority" and t.g.stack():
                for e in t.g.stack():
                    if e["kind"]["type"] == "TriggeredAbility" and e["source_id"] == oid:
                        targets = e["kind"]["data"]["ability"].get("targets")
                t.pass_()
            else:
                break
        dealt = {}
        for e in t.events[n:]:
            if e["type"] == "DamageDealt" and e["data"]["source_id"] == oid:
                k = str(e["data"]["target"])
                dealt[k] = dealt.get(k, 0) + e["data"]["amount"]
        return oid, slots, targets, dealt

    first, slots1, targets1, dealt1 = cast_regatha()
    life = t.state()["players"][1]["life"]
    second, slots2, targets2, dealt2 = cast_regatha()
    defense = t.obj(first)["counters"].get("defense")
    assert defense == 1, f"control: the second Regatha's trigger left the first at defense {defense}, not 1"
    offered = [tg for slot in slots2 for s in slot for tg in s]
    verdict(life == 20 and {"Player": 1} not in offered and str({"Object": vanguard}) not in dealt2,
            f"the first Invasion of Regatha's trigger asked for no target (target slots {slots1}), went on the stack "
            f"with targets {targets1} and dealt {dealt1 or 'no damage'} (P2 stays at {life}); the second one offered "
            f"the target slots {slots2} (the first Regatha only: no opponent, no creature), dealt {dealt2} and "
            f"nothing to Elite Vanguard ({t.obj(vanguard)['zone']}, damage {t.obj(vanguard).get('damage_marked')})",
            f"first trigger: slots {slots1}, dealt {dealt1}; second: slots {slots2}, dealt {dealt2}")


run(main)
