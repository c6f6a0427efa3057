"""Card data for the phase.rs adapter, built from battlecheck's catalogue.

Every card of `engine/cards/*.json` (the model's pool, the 36 Sieges and
the scenarios' test cards) becomes the MTGJSON-shaped dicts that
phase-python's ``build_oracle_face`` / ``build_oracle_face_multi`` read:
name, types, supertypes, subtypes, mana cost, the oracle text (the
catalogue's lines, joined), power and toughness, loyalty, defense, and both
faces of a double-faced card (the back face's colors from its color
indicator). phase parses the oracle text itself: the catalogue's own
readings (``trigger``, ``spell``, ...) are battlecheck's and are not used,
except a line's ``keywords``, which become MTGJSON's keyword list (phase
reads a single-faced card's keywords from it).

Every card keeps its real mana cost, so its mana value (202.3) is right; in
a position that pays no mana phase pays costs from a mana pool the adapter
fills (phasegame.py, README.md). No card is changed.

A card whose text phase's parser leaves partly unparsed (an ``Unimplemented``
effect in phase's card face) is listed in ``PARSE_GAPS`` with what phase
could not read. It is not dropped: the adapter sets it up, and names it in an
error ("phase cannot parse <card>: <what>") as soon as the unparsed part
would act (see phasegame.py), or at setup if it is a static ability or
keyword that acts all the time.
"""

import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
CATALOGUE_DIR = os.path.normpath(os.path.join(HERE, "..", "..", "..", "engine", "cards"))
CATALOGUE_FILES = ("model-pool.json", "sieges.json", "test-cards.json")

# A card that fills the libraries (nobody may lose by drawing from an empty
# library, 704.5b). It is a land with no abilities: it is never one of the
# position's cards, never observed, and the adapter never plays it. Not in
# the catalogue: it exists only for the adapter.
FILLER = "Battlecheck Library Filler"

COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _colors_of_cost(cost):
    symbols = re.findall(r"\{([^}]*)\}", cost or "")
    return [c for c in "WUBRG" if any(c in s.split("/") for s in symbols)]


def _mana_value(cost):
    n = 0
    for s in re.findall(r"\{([^}]*)\}", cost or ""):
        if s.isdigit():
            n += int(s)
        elif s not in ("X", "Y", "Z"):
            n += 1
    return n


def _keywords(face):
    """MTGJSON's keyword names of a face: from its lines the catalogue reads
    as keywords ("First strike, protection from black" gives "First strike"
    and "Protection", as MTGJSON writes them), without reminder text."""
    out = []
    for line in face.get("text", []):
        if "keywords" not in line:
            continue
        # Reminder text is not part of a keyword's name ("Menace (This
        # creature can't be blocked ...)" is "Menace").
        for part in re.sub(r"\s*\([^)]*\)", "", line["text"]).split(","):
            part = part.strip()
            part = re.split(r" \{| from | \d", part)[0].strip()
            if part:
                out.append(part[0].upper() + part[1:])
    return out


def _mtgjson(face, *, full_name, layout, cost, colors, face_name=None, side=None):
    types = [t.capitalize() for t in face["types"]]
    supertypes = [t.capitalize() for t in face.get("supertypes", [])]
    subtypes = list(face.get("subtypes", []))
    type_line = " ".join(supertypes + types)
    if subtypes:
        type_line += " \u2014 " + " ".join(subtypes)
    d = {
        "name": full_name,
        "identifiers": {},
        "colors": list(colors),
        "colorIdentity": list(colors),
        "manaValue": _mana_value(cost),
        "layout": layout,
        "types": types,
        "subtypes": subtypes,
        "supertypes": supertypes,
        "type": type_line,
        "text": "\n".join(line["text"] for line in face.get("text", [])),
    }
    if cost is not None:
        d["manaCost"] = cost
    if "power" in face:
        d["power"] = str(face["power"])
        d["toughness"] = str(face["toughness"])
    if "defense" in face:
        d["defense"] = str(face["defense"])
    if "loyalty" in face:
        d["loyalty"] = str(face["loyalty"])
    kw = _keywords(face)
    if kw:
        d["keywords"] = kw
    if face_name:
        d["faceName"] = face_name
        d["side"] = side
    return d


class Card:
    """Static facts about one card of the catalogue (its front face and, for
    a double-faced card, its back face), as the observation needs them, and
    its MTGJSON faces."""

    def __init__(self, entry):
        self.entry = entry
        self.name = entry["name"]
        self.layout = entry.get("layout", "normal")
        front = entry
        back = entry.get("back")
        self.types = [t.lower() for t in front["types"]]
        self.subtypes = list(front.get("subtypes", []))
        self.supertypes = [t.lower() for t in front.get("supertypes", [])]
        self.defense = int(front.get("defense", 0) or 0)
        self.cost = front.get("cost")
        self.back = None
        if back is not None:
            self.back = {"name": back["name"], "types": [t.lower() for t in back["types"]],
                         "subtypes": list(back.get("subtypes", [])),
                         "defense": int(back.get("defense", 0) or 0)}
        # dfc: a transforming double-faced card (712.1); a modal
        # double-faced card is cast or played with either face up instead.
        self.dfc = back is not None and self.layout == "transform"
        self.mdfc = back is not None and self.layout == "modal_dfc"
        self.sorcery_back = bool(self.dfc and "sorcery" in self.back["types"])
        self.is_battle = "battle" in self.types
        self.is_siege = self.is_battle and "Siege" in self.subtypes
        self.is_creature = "creature" in self.types
        self.is_land = "land" in self.types
        self.flash = "Flash" in _keywords(front)
        self.synthetic = bool(entry.get("synthetic"))
        # the number of targets its spell ability has, when the catalogue
        # says (used only to tell whether a cast waits for a target prompt)
        self.targets = 0
        for line in front.get("text", []):
            if "spell" in line or "spell_targets" in line:
                self.targets = max(self.targets, len(line.get("spell_targets", [])) or
                                   len(re.findall(r"\btarget\b", line["text"])))

    def faces(self):
        """The MTGJSON faces: [front] or [front, back] (a back face of a
        transforming card has no mana cost of its own, 712.8c)."""
        e = self.entry
        cost = self.cost
        front_colors = _colors_of_cost(self.cost)
        if "back" not in e:
            return [_mtgjson(e, full_name=self.name, layout=self.layout, cost=cost, colors=front_colors)]
        b = e["back"]
        full = f"{self.name} // {b['name']}"
        back_colors = [COLOR_LETTER[c] for c in b.get("colors", [])]
        back_cost = None
        if self.mdfc:
            # each face of a modal double-faced card has its own cost (712.8)
            back_cost = b.get("cost")
            if not back_colors:
                back_colors = _colors_of_cost(b.get("cost"))
        return [_mtgjson(e, full_name=full, layout=self.layout, cost=cost, colors=front_colors,
                         face_name=self.name, side="a"),
                _mtgjson(b, full_name=full, layout=self.layout, cost=back_cost, colors=back_colors,
                         face_name=b["name"], side="b")]


def _load_catalogue():
    out = {}
    for fname in CATALOGUE_FILES:
        with open(os.path.join(CATALOGUE_DIR, fname), encoding="utf-8") as f:
            for entry in json.load(f)["cards"]:
                out[entry["name"]] = Card(entry)
    return out


CARDS = _load_catalogue()

# Cards of the catalogue the adapter cannot express, and why (setup answers
# `error` naming the card). phase itself parses them; what is missing is on
# the adapter's side.
UNSUPPORTED = {
}

_DB = {}
PARSE_GAPS = {}   # card name -> [(face name, where, what phase left unparsed)]


def _gaps(x, where=""):
    out = []
    if isinstance(x, dict):
        if x.get("type") == "Unimplemented" and (x.get("description") or x.get("name")):
            # (an empty one is phase's placeholder for a permanent spell's
            # own ability, which has no effect)
            out.append((where, x.get("description") or x.get("name")))
        for k, v in x.items():
            out.extend(_gaps(v, f"{where}.{k}" if where else k))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            out.extend(_gaps(v, f"{where}[{i}]"))
    return out


def _cache_path():
    """Building the faces takes phase's parser about a second; the result is
    kept on disk, keyed by the catalogue, this file and phase's version."""
    import hashlib
    from importlib.metadata import version

    h = hashlib.sha256()
    for fname in CATALOGUE_FILES:
        with open(os.path.join(CATALOGUE_DIR, fname), "rb") as f:
            h.update(f.read())
    with open(os.path.abspath(__file__), "rb") as f:
        h.update(f.read())
    try:
        h.update(version("phase-python").encode())
    except Exception:  # noqa: BLE001
        return None
    root = os.environ.get("PHASE_CARD_CACHE") or os.path.join(CATALOGUE_DIR, "..", "..", "target", "phase-card-cache")
    return os.path.join(root, f"{h.hexdigest()[:20]}.json")


def card_database():
    """The card-data.json document phase.Engine.from_json reads: faces keyed
    by lower-case face name. Both faces of a double-faced card share an
    oracle id, which is how phase links the back face."""
    key = "db"
    if key in _DB:
        return _DB[key]
    path = None
    try:
        path = _cache_path()
        if path and os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                cached = json.load(f)
            _DB[key] = cached["db"]
            for name, gaps in cached["gaps"].items():
                PARSE_GAPS[name] = [tuple(g) for g in gaps]
            return _DB[key]
    except (OSError, ValueError, KeyError):
        pass
    from phase import build_oracle_face, build_oracle_face_multi

    db = {}
    filler = {"name": FILLER, "identifiers": {}, "colors": [], "colorIdentity": [], "manaValue": 0,
              "layout": "normal", "types": ["Land"], "subtypes": [], "supertypes": [],
              "type": "Land", "text": ""}
    f = build_oracle_face(filler, None)
    db[f["name"].lower()] = f
    for i, c in enumerate(CARDS.values()):
        faces = c.faces()
        if len(faces) == 1:
            built = [build_oracle_face(faces[0], None)]
            db[built[0]["name"].lower()] = built[0]
        else:
            oracle_id = f"battlecheck-{i:04d}"
            built = []
            for index, face in enumerate(faces):
                f = dict(build_oracle_face_multi(face, oracle_id))
                f["layout"] = c.layout
                f["face_index"] = index
                db[f["name"].lower()] = f
                built.append(f)
        gaps = []
        for f in built:
            for where, what in _gaps(f):
                gaps.append((f["name"], where, what))
        PARSE_GAPS[c.name] = gaps
    _DB[key] = db
    if path:
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump({"db": db, "gaps": PARSE_GAPS}, f)
            os.replace(tmp, path)
        except OSError:
            pass
    return db


def parse_gaps(name):
    """What phase's parser left unparsed in card `name` (both faces)."""
    if name not in PARSE_GAPS:
        card_database()
    return PARSE_GAPS.get(name, [])


def engine():
    from phase import Engine

    return Engine.from_json(json.dumps(card_database()))
