"""F31: Invasion of Ikoria's search for a card with a stated quality must
find a card: phase refuses to let its controller find nothing.

Rule 701.23a (cr-2026-02-27.txt): "To search for a card in a zone, look at
all cards in that zone (even if it's a hidden zone) and find a card that
matches the given description."
Rule 701.23b: "If a player is searching a hidden zone for cards with a
stated quality, such as a card with a certain card type or color, that
player isn't required to find some or all of those cards even if they're
present in that zone."
Invasion of Ikoria: "When this Siege enters, search your library and/or
graveyard for a non-Human creature card with mana value X or less and put
it onto the battlefield. If you search your library this way, shuffle."

Play (2 players, from a new game), with real cards: P1's library holds
Grizzly Bears (non-Human creature cards; cost {0} here, so mana value 0).
P1 casts Invasion of Ikoria (cost {0} here, so X is 0; protector P2); its
enters trigger resolves and phase asks P1 to choose the card found
(SearchChoice), and P1 chooses none.
Rules: the library is a hidden zone and the card sought has a stated
quality: P1 may find nothing (701.23b); the Bears stay in the library.
phase: the prompt has count 1 and no partial find; the empty choice is not
among the legal actions and is refused ("Must select exactly 1 card(s), got
0").
Control (a second game): Invasion of Theros ("search your library for an
Aura, God, or Demigod card, reveal it, put it into your hand, then
shuffle.") with Ensoul Artifact (an Aura) in the library: phase's prompt
allows a partial find and accepts the empty choice.
"""
from phasekit import BEARS, SIEGE_TEXT, Table, face, run, verdict
from realcards import ENSOUL_ARTIFACT, INVASION_OF_IKORIA

_THEROS = "Invasion of Theros // Ephara, Ever-Sheltering"
INVASION_OF_THEROS = [
    face(_THEROS, ["Battle"], subtypes=["Siege"], defense=4,
         text=SIEGE_TEXT + ("\nWhen this Siege enters, search your library for an Aura, God, or Demigod card, reveal "
                            "it, put it into your hand, then shuffle."),
         layout="transform", face_name="Invasion of Theros", side="a"),
    face(_THEROS, ["Enchantment", "Creature"], subtypes=["God"], power=4, toughness=4,
         text=("Ephara has lifelink and indestructible as long as you control at least three other enchantments.\n"
               "Whenever another enchantment you control enters, draw a card."),
         layout="transform", face_name="Ephara, Ever-Sheltering", side="b", cost=None)]


def search(siege, other):
    """P1 casts `siege` with `other` cards in the library; at the search
    prompt P1 chooses no card. Returns (the prompt, whether the empty
    choice is a legal action, phase's answer to it)."""
    t = Table([INVASION_OF_IKORIA, INVASION_OF_THEROS, ENSOUL_ARTIFACT, BEARS],
              [[siege] * 20 + [other] * 20, ["Grizzly Bears"] * 40], need={0: [siege]})
    t.pass_until("PreCombatMain", 1)
    t.cast(0, t.card(siege, 0, "hand"))
    for _ in range(10):
        if t.prompt == "NamedChoice":
            t.choose_protector(1)
        elif t.prompt == "Priority" and t.g.stack():
            t.pass_()
        else:
            break
    assert t.prompt == "SearchChoice" and t.actor == 0, t.where()
    d = t.wf["data"]
    prompt = {k: d.get(k) for k in ("count", "allows_partial_find")}
    legal = any('"cards":[]' in str(a) for a in t.g.actions())
    try:
        t.do(0, "SelectCards", cards=[])
        answer = "accepted"
    except ValueError as e:
        answer = f"refused ({e})"
    return prompt, legal, answer


def main():
    prompt, legal, answer = search("Invasion of Theros", "Ensoul Artifact")
    assert answer == "accepted", f"control: Theros's empty search {answer} (prompt {prompt})"
    prompt, legal, answer = search("Invasion of Ikoria", "Grizzly Bears")
    verdict(answer != "accepted",
            f"Invasion of Ikoria's search prompt {prompt}: finding no card is legal {legal} and {answer}; Invasion "
            f"of Theros's search (the control) allows a partial find and accepts finding none",
            f"Ikoria's empty search was {answer} (prompt {prompt}, legal {legal})")


run(main)
