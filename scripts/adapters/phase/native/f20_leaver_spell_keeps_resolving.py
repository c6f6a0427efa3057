"""F20: a spell or ability whose controller leaves the game while another
player makes a choice for its resolution goes on resolving.

Rule 800.4a (cr-2026-02-27.txt): "When a player leaves the game, all objects
(see rule 109) owned by that player leave the game and any effects which
give that player control of any objects or players end. Then, if that player
controlled any objects on the stack not represented by cards, those objects
cease to exist. [...]"
Rule 104.3a: "A player can concede the game at any time. A player who
concedes leaves the game immediately. That player loses the game."

Play (3 players, free-for-all, from a new game), with real cards, on P1's
turn 1:
  * spell: P1 casts Mind Rot ("Target player discards two cards.")
    targeting P3; all pass; while P3 chooses the two cards (phase's
    DiscardChoice), P1 concedes;
  * ability: P1 casts Invasion of Eldraine ("When this Siege enters, target
    opponent discards two cards."), protector P2, its trigger targeting P3;
    while P3 chooses, P1 concedes.
Rules: Mind Rot, a card P1 owns, leaves the game, and the triggered ability
P1 controlled ceases to exist: neither finishes resolving, and P3 discards
nothing.
phase: it goes on waiting for P3's DiscardChoice, and P3 discards two cards.
Control (same script): P2, a bystander, concedes instead; P3 still chooses
and discards two cards, as the rules say.
"""
from phasekit import BEARS, Table, run, verdict
from realcards import INVASION_OF_ELDRAINE, MIND_ROT


def play(card, leaver):
    """P1 casts `card`, aimed at P3; while P3 chooses the cards to discard,
    seat `leaver` concedes. Returns (whether phase still asks P3 to choose,
    the number of cards P3 discarded)."""
    t = Table([MIND_ROT, INVASION_OF_ELDRAINE, BEARS], [[card] * 40, ["Grizzly Bears"] * 40,
                                                        ["Grizzly Bears"] * 40], need={0: [card]})
    t.pass_until("PreCombatMain", 1)
    t.cast(0, t.card(card, 0, "hand"), None if card == "Invasion of Eldraine" else ("player", 2))
    for _ in range(12):
        p = t.prompt
        if p == "NamedChoice":
            t.choose_protector(1)
        elif p == "TriggerTargetSelection":
            t.do(0, "ChooseTarget", target={"Player": 2})
        elif p == "Priority":
            t.pass_()
        else:
            break
    assert t.prompt == "DiscardChoice" and t.wf["data"]["player"] == 2, t.where()
    hand = len(t.g.player(2)["hand"])
    t.do(leaver, "Concede", player_id=leaver)
    still = t.prompt == "DiscardChoice"
    if still:
        d = t.wf["data"]
        t.do(d["player"], "SelectCards", cards=d["cards"][:d["count"]])
    return still, hand - len(t.g.player(2)["hand"])


def main():
    still, discarded = play("Mind Rot", 1)
    assert still and discarded == 2, f"control (P2 concedes): P3 asked {still}, discarded {discarded}"
    out = {card: play(card, 0) for card in ("Mind Rot", "Invasion of Eldraine")}
    verdict(all(still and n > 0 for still, n in out.values()),
            "; ".join(f"{card}{'' if card == 'Mind Rot' else chr(39) + 's trigger'}: after P1, its controller, "
                      f"conceded, phase still asked P3 to choose and P3 discarded {n} cards"
                      for card, (_, n) in out.items())
            + "; control: after P2 (a bystander) conceded, P3 discards 2, as it should",
            "; ".join(f"{card}: P3 asked {still}, discarded {n}" for card, (still, n) in out.items()))


run(main)
