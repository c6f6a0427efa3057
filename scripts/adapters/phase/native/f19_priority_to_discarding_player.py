"""F19 (was candidate C4): after a spell or ability resolves in which an
opponent chose the cards to discard, phase gives priority to that opponent,
not to the active player.

Rule 117.3b (cr-2026-02-27.txt): "The active player receives priority
after a spell or ability (other than a mana ability) resolves."

Play (2 players, from a new game), with real cards, on P1's turn 1:
  * spell: P1 casts Mind Rot ("Target player discards two cards.")
    targeting P2; both pass; P2 chooses the two cards (phase's DiscardChoice);
  * ability: P1 casts Invasion of Eldraine ("When this Siege enters, target
    opponent discards two cards."), protector P2; its trigger targets P2;
    both pass; P2 chooses the two cards.
Rules: the spell, or the ability, has resolved: P1, the active player,
receives priority.
phase: P2 receives priority (waiting_for Priority of seat 1).
Control (same script): Shock ("Shock deals 2 damage to any target.") at P2
resolves with no choice by P2, and phase gives P1 priority.
"""
from phasekit import SHOCK, Table, run, verdict
from realcards import INVASION_OF_ELDRAINE, MIND_ROT


def play(card):
    """P1 casts `card` (at P2 where it targets). Returns (the seat with
    priority once the stack is empty, the active seat, whether P2 chose
    cards to discard)."""
    t = Table([MIND_ROT, INVASION_OF_ELDRAINE, SHOCK], [[card] * 40, ["Shock"] * 40], need={0: [card]})
    t.pass_until("PreCombatMain", 1)
    oid = t.card(card, 0, "hand")
    t.cast(0, oid, None if card == "Invasion of Eldraine" else ("player", 1))
    chose = False
    for _ in range(20):
        p = t.prompt
        if p == "NamedChoice":
            t.choose_protector(1)
        elif p == "TriggerTargetSelection":
            t.do(0, "ChooseTarget", target={"Player": 1})
        elif p == "DiscardChoice":
            d = t.wf["data"]
            assert d["player"] == 1, t.where()
            t.do(1, "SelectCards", cards=d["cards"][:d["count"]])
            chose = True
        elif p == "Priority" and (t.g.stack() or (card == "Invasion of Eldraine"
                                                 and t.obj(oid)["zone"] != "Battlefield")):
            t.pass_()
        else:
            break
    assert t.g.stack() == [] and t.prompt == "Priority", t.where()
    return t.actor, t.state()["active_player"], chose


def main():
    control = play("Shock")
    assert control[0] == control[1] == 0 and not control[2], f"control: {control}"
    out = {card: play(card) for card in ("Mind Rot", "Invasion of Eldraine")}
    assert all(chose for _, _, chose in out.values()), f"P2 was never asked to discard: {out}"
    verdict(all(seat != active for seat, active, _ in out.values()),
            "; ".join(f"after {card}{'' if card == 'Mind Rot' else chr(39) + 's trigger'} resolved (P2 chose the "
                      f"two cards) seat {seat} (P2) has priority, not the active player seat {active} (P1)"
                      for card, (seat, active, _) in out.items())
            + "; after Shock at P2 (no choice) P1 has priority",
            "; ".join(f"{card}: seat {seat} has priority" for card, (seat, _, _) in out.items()))


run(main)
