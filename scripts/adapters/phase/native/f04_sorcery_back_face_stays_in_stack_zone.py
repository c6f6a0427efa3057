"""F4: a sorcery back face cast transformed never reaches the graveyard.

Rule 608.2n (cr-2026-02-27.txt): "As the final part of an instant or sorcery
spell's resolution, the spell is put into its owner's graveyard."
(712.8c: a card cast transformed is a spell with only its back face's
characteristics; 712.13a likewise puts a double-faced spell whose back face
is a sorcery into its owner's graveyard instead of the battlefield.)

Play (2 players, from a new game): P1 casts Pool Sorcery Siege 2 (defense 2;
back face a sorcery with no text), chooses P2 as its protector, Shocks it,
and casts it transformed from exile when the defeat trigger offers it.
Rules: the spell resolves and the card is put into P1's graveyard.
phase: the spell (front face up, F3) resolves (StackResolved) and leaves the
stack, but the card stays in zone "Stack", listed in no zone: neither on the
stack nor in the graveyard. The card is lost to the game.
(Printed Sieges with a sorcery back face: Invasion of Alara // Awaken the
Maelstrom, Invasion of Kylem // Valor's Reach Tag Team.)
"""
from phasekit import SHOCK, Table, run, siege, verdict

SIEGE = siege("Pool Sorcery Siege 2", 2, "Pool Sorcery Siege 2 Aftermath", back_types=("Sorcery",))


def main():
    t = Table([SIEGE, SHOCK], [["Pool Sorcery Siege 2"] * 20 + ["Shock"] * 20, ["Shock"] * 40],
              need={0: ["Pool Sorcery Siege 2", "Shock"]})
    t.pass_until("PreCombatMain", 1)
    s = t.card("Pool Sorcery Siege 2", 0, "hand")
    t.cast(0, s)
    t.resolve()
    t.choose_protector(1)
    t.cast(0, t.card("Shock", 0, "hand"), s)
    t.resolve()
    t.resolve()
    assert t.prompt == "OptionalEffectChoice", t.where()
    t.do(0, "DecideOptionalEffect", accept=True)
    assert [e for e in t.g.stack() if e["id"] == s], "it was not cast"
    start = len(t.events)
    t.resolve()
    st = t.state()
    resolved = any(e["type"] == "StackResolved" and e["data"]["object_id"] == s for e in t.events[start:])
    zone = t.obj(s)["zone"]
    listed = [z for z, ids in (("stack", [e["id"] for e in st["stack"]]), ("graveyard", st["players"][0]["graveyard"]),
                               ("exile", st["exile"]), ("battlefield", st["battlefield"])) if s in ids]
    verdict(resolved and not listed,
            f"the spell resolved (StackResolved) but the card is left in zone '{zone}', "
            f"in no zone list (not on the stack, not in the graveyard)",
            f"the card went to zone '{zone}' (listed in {listed})")


run(main)
