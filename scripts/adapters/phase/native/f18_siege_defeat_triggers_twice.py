"""F18: a Siege's defeat trigger triggers twice when two attackers remove its
last defense counters in the same combat damage step.

Rule 310.12b (cr-2026-09-25-battles.md): "Sieges have the intrinsic ability
"When the last defense counter is removed from this permanent, exile it,
then you may cast it transformed without paying its mana cost.""
Rule 510.2 (cr-2026-02-27.txt): "Second, all combat damage that's been
assigned is dealt simultaneously. [...]"
Rule 603.2c: "An ability triggers only once each time its trigger event
occurs. However, it can trigger repeatedly if one event contains multiple
occurrences."

Play (2 players, from a new game): P1 casts Pool Siege 4 (defense 4,
protector P2), Grizzly Bears (2/2) and Hill Giant (3/3) on turn 1. On turn 3
both attack P1's own Siege; P2 declares no blockers.
Rules: the 5 combat damage is dealt at once and removes the last defense
counter once: the defeat trigger triggers once.
phase: it removes the counters attacker by attacker (CounterRemoved 2, then
2) and puts two defeat triggers on the stack; each resolves, and each asks
whether to cast the Siege transformed.
Control (same script): Hill Giant alone defeats Pool Siege 3: one trigger.
"""
from phasekit import BEARS, HILL_GIANT, Table, run, siege, verdict

SIEGE3 = siege("Pool Siege 3", 3, "Pool Siege 3 Reborn")
SIEGE4 = siege("Pool Siege 4", 4, "Pool Siege 4 Reborn")


def play(siege_name, attackers):
    """P1's `attackers` attack P1's own `siege_name` on turn 3. Returns (the
    defeat triggers on the stack after combat damage, the defense counters
    removed, the number of cast offers as they resolve)."""
    deck = [siege_name] * 14 + ["Grizzly Bears"] * 13 + ["Hill Giant"] * 13
    t = Table([SIEGE3, SIEGE4, BEARS, HILL_GIANT], [deck, ["Grizzly Bears"] * 40],
              need={0: [siege_name, *attackers]})
    t.pass_until("PreCombatMain", 1)
    s = t.card(siege_name, 0, "hand")
    t.cast(0, s)
    t.resolve()
    t.choose_protector(1)
    ids = []
    for name in attackers:
        c = t.card(name, 0, "hand")
        t.cast(0, c)
        t.resolve()
        ids.append(c)
    t.pass_until("BeginCombat", 3)
    t.until_prompt("DeclareAttackers")
    t.attack(0, [(c, s) for c in ids])
    start = len(t.events)
    for _ in range(20):
        if t.g.stack():
            break
        if t.prompt == "DeclareBlockers":
            t.do(t.actor, "DeclareBlockers", assignments=[])
        else:
            t.pass_()
    assert t.g.phase == "CombatDamage", t.where()
    triggers = [e for e in t.g.stack() if e["kind"]["type"] == "TriggeredAbility" and e["source_id"] == s]
    removed = [e["data"]["count"] for e in t.events[start:] if e["type"] == "CounterRemoved"
               and e["data"]["object_id"] == s and e["data"]["counter_type"] == "defense"]
    offers = 0
    for _ in range(12):
        if t.prompt == "OptionalEffectChoice":
            offers += 1
            t.do(t.actor, "DecideOptionalEffect", accept=False)
        elif t.prompt == "Priority" and t.g.stack():
            t.pass_()
        else:
            break
    return len(triggers), removed, offers


def main():
    control = play("Pool Siege 3", ["Hill Giant"])
    assert control[0] == 1, f"control: {control[0]} defeat triggers"
    n, removed, offers = play("Pool Siege 4", ["Grizzly Bears", "Hill Giant"])
    verdict(n > 1,
            f"Grizzly Bears and Hill Giant removed Pool Siege 4's counters ({' + '.join(map(str, removed))}) in "
            f"one combat damage step: {n} defeat triggers on the stack, {offers} offers to cast it transformed; "
            f"Hill Giant alone defeating Pool Siege 3 gives 1",
            f"one defeat trigger (counters removed {removed})")


run(main)
