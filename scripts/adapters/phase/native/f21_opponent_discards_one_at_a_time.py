"""F21: when each opponent discards a card, phase discards each opponent's
card as soon as that opponent has chosen it, not at once after all have
chosen.

Rule 101.4 (cr-2026-02-27.txt): "If multiple players would make choices
and/or take actions at the same time, the active player (the player whose
turn it is) makes any choices required, then the next player in turn order
(usually the player seated to the active player's left) makes any choices
required, followed by the remaining nonactive players in turn order. Then
the actions happen simultaneously. [...]"
Rule 101.4a: "If an effect has each player choose a card in a hidden zone,
such as their hand or library, those cards may remain face down as they're
chosen. However, each player must clearly indicate which face-down card
they are choosing."

Play (3 players, free-for-all, from a new game), with a real card: P1 casts
Invasion of Amonkhet ("When this Siege enters, each player mills three
cards, then each opponent discards a card and you draw a card."),
protector P2; its trigger resolves; P2 chooses a card to discard (phase's
DiscardChoice), then P3.
Rules: P2 and P3 choose in turn order, then both cards are discarded at
once: while P3 chooses, P2's card is still in P2's hand (and may stay face
down, 101.4a).
phase: P2's card is put into P2's graveyard as soon as P2 chooses it; P3
chooses with it already in the graveyard, a public zone.
"""
from phasekit import BEARS, SIEGE_TEXT, Table, face, run, verdict

_AMONKHET = "Invasion of Amonkhet // Lazotep Convert"
# Invasion of Amonkhet {1}{U}{B}, Battle — Siege, defense 4 (cost {0} here, as every card)
INVASION_OF_AMONKHET = [
    face(_AMONKHET, ["Battle"], subtypes=["Siege"], defense=4,
         text=SIEGE_TEXT + ("\nWhen this Siege enters, each player mills three cards, then each opponent discards "
                            "a card and you draw a card. (To mill three cards, a player puts the top three cards of "
                            "their library into their graveyard.)"),
         layout="transform", face_name="Invasion of Amonkhet", side="a"),
    face(_AMONKHET, ["Creature"], subtypes=["Zombie"], power=4, toughness=4,
         text=("You may have this creature enter as a copy of any creature card in a graveyard, except it's a "
               "4/4 black Zombie in addition to its other colors and types."),
         layout="transform", face_name="Lazotep Convert", side="b", cost=None)]


def main():
    t = Table([INVASION_OF_AMONKHET, BEARS], [["Invasion of Amonkhet"] * 40, ["Grizzly Bears"] * 40,
                                              ["Grizzly Bears"] * 40], need={0: ["Invasion of Amonkhet"]})
    t.pass_until("PreCombatMain", 1)
    s = t.card("Invasion of Amonkhet", 0, "hand")
    t.cast(0, s)
    chosen, seen = {}, None
    for _ in range(20):
        p = t.prompt
        if p == "NamedChoice":
            t.choose_protector(1)
        elif p == "DiscardChoice":
            seat = t.wf["data"]["player"]
            if seat == 2:      # P3 chooses: where is the card P2 chose?
                seen = t.obj(chosen[1])["zone"]
            chosen[seat] = t.wf["data"]["cards"][0]
            t.do(seat, "SelectCards", cards=[chosen[seat]])
        elif p == "Priority" and (t.g.stack() or t.obj(s)["zone"] != "Battlefield"):
            t.pass_()
        else:
            break
    assert list(chosen) == [1, 2], f"the opponents chose in the order {list(chosen)}"
    verdict(seen == "Graveyard",
            f"while P3 chose its card to discard, the card P2 had chosen was already in zone {seen} (P2's "
            f"graveyard); the two discards are made one at a time",
            f"while P3 chose, P2's chosen card was in zone {seen}")


run(main)
