"""F3: a Siege cast transformed is a spell with its front face up.

Rule 712.11a (cr-2026-09-25-battles.md): "If a double-faced card or a copy of
a double-faced card is cast as a spell "transformed" or "converted," it's put
on the stack with its back face up."
Rule 712.8c: "[...] if an effect allows a player to cast a nonmodal
double-faced card "transformed" or "converted," the resulting spell will have
its back face up and have only the characteristics of its back face."

Play (2 players, from a new game): P1 casts Pool Siege 2 (defense 2; back
face Pool Siege 2 Reborn, a 3/3 creature) and chooses P2 as its protector,
then Shocks it. The defeat trigger (310.12b) exiles it and P1 accepts to
cast it transformed.
Rules: on the stack it is Pool Siege 2 Reborn, a creature spell.
phase: on the stack it is "Pool Siege 2", transformed false, a Battle -
Siege spell (stack entry casting_variant Normal); it turns into the creature
only as it enters the battlefield.
"""
from phasekit import SHOCK, Table, run, siege, verdict

SIEGE = siege("Pool Siege 2", 2, "Pool Siege 2 Reborn")


def main():
    t = Table([SIEGE, SHOCK], [["Pool Siege 2"] * 20 + ["Shock"] * 20, ["Shock"] * 40],
              need={0: ["Pool Siege 2", "Shock"]})
    t.pass_until("PreCombatMain", 1)
    s = t.card("Pool Siege 2", 0, "hand")
    t.cast(0, s)
    t.resolve()
    t.choose_protector(1)
    t.cast(0, t.card("Shock", 0, "hand"), s)
    t.resolve()                      # Shock; the defeat trigger goes on the stack
    t.resolve()                      # the trigger: exile, then "you may cast it transformed"
    assert t.prompt == "OptionalEffectChoice", t.where()
    t.do(0, "DecideOptionalEffect", accept=True)
    spell = [e for e in t.g.stack() if e["id"] == s]
    o = t.obj(s)
    verdict(spell and (not o["transformed"] or "Battle" in o["card_types"]["core_types"]),
            f"the spell cast transformed is on the stack as '{o['name']}', transformed="
            f"{o['transformed']}, types {o['card_types']['core_types']} {o['card_types']['subtypes']}",
            f"the spell is '{o['name']}' ({o['card_types']['core_types']}), back face up")


run(main)
