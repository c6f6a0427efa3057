"""F5: a Siege's protector is chosen after it is on the battlefield.

Rule 310.12a (cr-2026-09-25-battles.md): "As a Siege enters the battlefield,
its controller must choose its protector from among their opponents."
Rule 614.12a (cr-2026-02-27.txt): "If a replacement effect that modifies how
a permanent enters the battlefield requires a choice, that choice is made
before the permanent enters the battlefield."
Rule 614.1c: "Effects that read "[This permanent] enters with . . . ," "As
[this permanent] enters . . . ," or "[This permanent] enters as . . . " are
replacement effects."
(310.9a/310.12a are rules, not an effect printed on the card; that the
choice is made before the battle enters rests on reading "As a Siege
enters" like 614.1c's "As [this permanent] enters". phase itself models it
as a replacement on the Siege, "CR 310.12a: As a Siege enters, ...". See
FINDINGS.md.)

Play (3 players, free-for-all, so there are two possible protectors, from a
new game): P1 casts Pool Siege 2 and all pass.
Rules: P1 chooses P2 or P3 before the Siege is on the battlefield; it never
exists there without a protector.
phase: it puts the Siege onto the battlefield with its 2 defense counters
and no protector (chosen_attributes empty), and only then asks P1
(NamedChoice "Opponent", which names the Siege's expected zone as
"Battlefield").
"""
from phasekit import Table, run, siege, verdict

SIEGE = siege("Pool Siege 2", 2, "Pool Siege 2 Reborn")


def main():
    t = Table([SIEGE], [["Pool Siege 2"] * 40] * 3)
    t.pass_until("PreCombatMain", 1)
    s = t.card("Pool Siege 2", 0, "hand")
    t.cast(0, s)
    t.resolve()
    assert t.prompt == "NamedChoice" and t.wf["data"]["choice_type"] == "Opponent", t.where()
    o, st = t.obj(s), t.state()
    on_bf = o["zone"] == "Battlefield" and s in st["battlefield"]
    verdict(on_bf and not o.get("chosen_attributes"),
            f"while phase asks for the protector (options {t.wf['data']['options']}) the Siege is on the "
            f"battlefield with counters {o['counters']} and no protector",
            f"while the protector is chosen the Siege is in zone {o['zone']}")


run(main)
