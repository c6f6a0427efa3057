"""Card data for the phase.rs adapter.

Every card the adapter knows, written as the MTGJSON-shaped dicts that
phase-python's ``build_oracle_face`` / ``build_oracle_face_multi`` read, with
the oracle text written out. battlecheck's own test cards (``Pool Siege N``,
``Pool Erode``, ...) are described in ``engine/cards/*.json``; their text here
says what that data says. Real cards (Grizzly Bears, Shock) carry their real
oracle text.

Normalisation: every card costs {0} (battlecheck's model has no mana), so
casting never depends on lands. The cost is the only change made to a card.
"""

import json

# A card that fills the libraries (nobody may lose by drawing from an empty
# library, 704.5b). It is a land with no abilities: it is never one of the
# position's cards, never observed, and the adapter never plays it.
FILLER = "Battlecheck Library Filler"

SIEGE_REMINDER = (
    "(As a Siege enters, choose an opponent to protect it. You and others "
    "can attack it. When it's defeated, exile it, then cast it transformed.)"
)


def _face(name, types, *, subtypes=(), supertypes=(), text="", power=None,
          toughness=None, defense=None, keywords=(), layout="normal",
          face_name=None, side=None, cost="{0}"):
    type_line = " ".join(list(supertypes) + list(types))
    if subtypes:
        type_line += " \u2014 " + " ".join(subtypes)
    d = {
        "name": name,
        "identifiers": {},
        "colors": [],
        "colorIdentity": [],
        "manaValue": 0,
        "layout": layout,
        "types": list(types),
        "subtypes": list(subtypes),
        "supertypes": list(supertypes),
        "type": type_line,
        "text": text,
    }
    if cost is not None:
        d["manaCost"] = cost
    if power is not None:
        d["power"] = str(power)
        d["toughness"] = str(toughness)
    if defense is not None:
        d["defense"] = str(defense)
    if keywords:
        d["keywords"] = list(keywords)
    if face_name:
        d["faceName"] = face_name
    if side:
        d["side"] = side
    return d


class Card:
    """Static facts about one card (its front face and, for a transforming
    double-faced card, its back face), as the observation needs them."""

    def __init__(self, name, faces, *, targets=0, back=None):
        self.name = name
        self.faces = faces          # MTGJSON dicts: [front] or [front, back]
        self.targets = targets      # number of targets its spell ability has
        self.back = back            # dict: name, types, power, toughness
        front = faces[0]
        self.types = [t.lower() for t in front["types"]]
        self.subtypes = list(front["subtypes"])
        self.defense = int(front.get("defense", 0) or 0)
        self.dfc = back is not None
        self.sorcery_back = bool(back and "sorcery" in back["types"])
        self.is_battle = "battle" in self.types
        self.is_siege = self.is_battle and "Siege" in self.subtypes
        self.is_creature = "creature" in self.types
        self.flash = "Flash" in front.get("keywords", [])


def _simple(name, types, **kw):
    targets = kw.pop("targets", 0)
    return Card(name, [_face(name, types, **kw)], targets=targets)


def _transform(front_name, back_name, front_kw, back_kw):
    full = f"{front_name} // {back_name}"
    front = _face(full, **front_kw, layout="transform", face_name=front_name, side="a")
    # The back face has no mana cost of its own (712.8c: a transforming
    # card's back face has the front face's mana value).
    back = _face(full, **back_kw, layout="transform", face_name=back_name, side="b", cost=None)
    back_info = {
        "name": back_name,
        "types": [t.lower() for t in back_kw["types"]],
    }
    return Card(front_name, [front, back], back=back_info)


def _pool_cards():
    cards = [
        _simple("Grizzly Bears", ["Creature"], subtypes=["Bear"], power=2, toughness=2),
        _simple("Eager Cadet", ["Creature"], subtypes=["Human", "Soldier"], power=1, toughness=1),
        _simple("Pool Striker", ["Creature"], subtypes=["Soldier"], power=2, toughness=1,
                text="First strike", keywords=["First strike"]),
        _simple("Pool Trampler", ["Creature"], subtypes=["Beast"], power=3, toughness=3,
                text="Trample", keywords=["Trample"]),
        _simple("Hill Giant", ["Creature"], subtypes=["Giant"], power=3, toughness=3),
        _simple("Elite Vanguard", ["Creature"], subtypes=["Human", "Soldier"], power=2, toughness=1),
        _simple("Craw Wurm", ["Creature"], subtypes=["Wurm"], power=6, toughness=4),
        _simple("Colossal Dreadmaw", ["Creature"], subtypes=["Dinosaur"], power=6, toughness=6,
                text="Trample", keywords=["Trample"]),
        _simple("Shock", ["Instant"], text="Shock deals 2 damage to any target.", targets=1),
        _simple("Explosive Impact", ["Instant"], text="Explosive Impact deals 5 damage to any target.",
                targets=1),
        _simple("Pool Erode", ["Instant"], text="Remove two defense counters from target battle.",
                targets=1),
        _simple("Siege Breaker", ["Instant"],
                text="Remove three defense counters from target battle.", targets=1),
        _simple("Threaten the Gates", ["Instant"], text="Gain control of target permanent.",
                targets=1),
        _simple("Stifle the Call", ["Instant"], text="Counter target triggered ability.",
                targets=1),
    ]
    for n in range(1, 10):
        cards.append(_transform(
            f"Pool Siege {n}", f"Pool Siege {n} Reborn",
            dict(types=["Battle"], subtypes=["Siege"], defense=n, text=SIEGE_REMINDER),
            dict(types=["Creature"], power=3, toughness=3)))
        cards.append(_transform(
            f"Pool Sorcery Siege {n}", f"Pool Sorcery Siege {n} Aftermath",
            dict(types=["Battle"], subtypes=["Siege"], defense=n, text=SIEGE_REMINDER),
            dict(types=["Sorcery"])))
        cards.append(_simple(f"Pool Outpost {n}", ["Battle"], defense=n))
    cards.append(_simple("Frontier Outpost", ["Battle"], defense=3))
    return cards


CARDS = {c.name: c for c in _pool_cards()}

# Cards of battlecheck's catalogue the adapter cannot express, and why
# (setup answers `error` naming the card).
UNSUPPORTED = {
    "Mirror the Front": "a token copy of a battle (token slots and copy effects are not mapped)",
    "Mirrorwall Mimic": "a clone entering as a copy of a battle (no choose_copy mapping)",
    "Become the Siege": "a permanent becoming a copy of a Siege (not mapped)",
    "Animate the Walls": "a test-only animate effect with no duration (no oracle text phase parses the same way)",
    "Boomerang": "bouncing a permanent is not mapped (no preset phase runs deals it)",
    "Bonesplitter": "equipment (equip is not mapped)",
    "Twofold Outpost": "a modal double-faced battle (hypothetical card)",
    "Armored Bastion": "a battle that is also an Equipment (hypothetical card)",
}


def card_database():
    """The card-data.json document phase.Engine.from_json reads: faces keyed
    by lower-case face name. Both faces of a transforming card share an
    oracle id, which is how phase links the back face."""
    from phase import build_oracle_face, build_oracle_face_multi

    db = {}
    filler = _face(FILLER, ["Land"], cost=None)
    f = build_oracle_face(filler, None)
    db[f["name"].lower()] = f
    for i, c in enumerate(CARDS.values()):
        if len(c.faces) == 1:
            f = build_oracle_face(c.faces[0], None)
            db[f["name"].lower()] = f
        else:
            oracle_id = f"battlecheck-{i:04d}"
            for index, face in enumerate(c.faces):
                f = dict(build_oracle_face_multi(face, oracle_id))
                f["layout"] = "transform"
                f["face_index"] = index
                db[f["name"].lower()] = f
    return db


def engine():
    from phase import Engine

    return Engine.from_json(json.dumps(card_database()))
