"""F32: a modal double-faced card exiled by Invasion of Gobakhan can't be
played as its land face from exile, though its owner "may play it".

Invasion of Gobakhan: "When this Siege enters, look at target opponent's
hand. You may exile a nonland card from it. For as long as that card
remains exiled, its owner may play it. A spell cast this way costs {2} more
to cast." Its official ruling (/work/shared/rules/seeds/001_*): "If the
exiled card is a modal double-faced card and its back face is a land, its
owner may play it as a land. (Note that if the front face is also a land,
you couldn't have exiled it to begin with.)"
Rule 712.12 (cr-2026-02-27.txt): "A player playing a modal double-faced
card or a copy of a modal double-faced card as a land chooses one of its
faces that's a land before putting it onto the battlefield. It enters the
battlefield with that face up. See rule 305, "Lands.""
Glossary, "Play": "1. To play a land is to put a land onto the battlefield
as a special action. See rule 116, "Special Actions," and rule 305,
"Lands." 2. To play a card is to play that card as a land or cast that card
as a spell, whichever is appropriate. See rule 601, "Casting Spells.""
Rule 305.2: "A player can normally play one land during their turn;
however, continuous effects may increase this number."

Play (2 players, from a new game), with real cards: P1 casts Invasion of
Gobakhan (protector P2) targeting P2 and exiles Skyclave Cleric (front: a
1/3 Kor Cleric creature; back: Skyclave Basilica, "This land enters
tapped. / {T}: Add {W}.") from P2's hand. In P2's first main phase, with an
empty stack and no land played, P2 plays the exiled Cleric as Skyclave
Basilica.
Rules: P2 may (the ruling; "play" includes playing a land).
phase: the exiled card carries phase's PlayFromExile permission granted to
P2, but no PlayLand action for it is offered and PlayLand is refused
("Card not found in hand, graveyard, exile, or library with play
permission"), with its land face or not.
Control (same turn): another Skyclave Cleric from P2's hand is played as
Skyclave Basilica.
"""
import json

import phase

import phasekit
from phasekit import SIEGE_TEXT, Table, face, run, verdict

_GOBAKHAN = "Invasion of Gobakhan // Lightshield Array"
# Invasion of Gobakhan {1}{W}, defense 3; Skyclave Cleric {1}{W} (cost {0} here, as every card)
INVASION_OF_GOBAKHAN = [
    face(_GOBAKHAN, ["Battle"], subtypes=["Siege"], defense=3,
         text=SIEGE_TEXT + ("\nWhen this Siege enters, look at target opponent's hand. You may exile a nonland card "
                            "from it. For as long as that card remains exiled, its owner may play it. A spell cast "
                            "this way costs {2} more to cast."),
         layout="transform", face_name="Invasion of Gobakhan", side="a"),
    face(_GOBAKHAN, ["Enchantment"],
         text=("At the beginning of your end step, put a +1/+1 counter on each creature that attacked this turn.\n"
               "Sacrifice this enchantment: Creatures you control gain hexproof and indestructible until end of "
               "turn."),
         layout="transform", face_name="Lightshield Array", side="b", cost=None)]
_CLERIC = "Skyclave Cleric // Skyclave Basilica"
SKYCLAVE_CLERIC = [
    face(_CLERIC, ["Creature"], subtypes=["Kor", "Cleric"], power=1, toughness=3,
         text="When this creature enters, you gain 2 life.", layout="modal_dfc", face_name="Skyclave Cleric",
         side="a"),
    face(_CLERIC, ["Land"], text="This land enters tapped.\n{T}: Add {W}.", layout="modal_dfc",
         face_name="Skyclave Basilica", side="b", cost=None)]


def engine(*cards):
    """phasekit.engine, keeping each face's layout (phasekit makes every
    two-faced card a transforming one; Skyclave Cleric is modal)."""
    db = {}
    for faces in cards:
        if len(faces) == 1:
            f = phase.build_oracle_face(faces[0], None)
            db[f["name"].lower()] = f
        else:
            oid = "native-" + faces[0]["name"]
            for i, fc in enumerate(faces):
                f = dict(phase.build_oracle_face_multi(fc, oid))
                f["layout"], f["face_index"] = fc["layout"], i
                db[f["name"].lower()] = f
    return phase.Engine.from_json(json.dumps(db))


phasekit.engine = engine     # Table builds its engine through phasekit.engine


def main():
    t = Table([INVASION_OF_GOBAKHAN, SKYCLAVE_CLERIC], [["Invasion of Gobakhan"] * 40, ["Skyclave Cleric"] * 40],
              need={0: ["Invasion of Gobakhan"], 1: ["Skyclave Cleric"]})
    t.pass_until("PreCombatMain", 1)
    t.cast(0, t.card("Invasion of Gobakhan", 0, "hand"))
    exiled = None
    for _ in range(12):
        p = t.prompt
        if p == "NamedChoice":
            t.choose_protector(1)
        elif p == "TriggerTargetSelection":
            t.do(0, "ChooseTarget", target={"Player": 1})
        elif p == "RevealChoice":                  # "You may exile a nonland card from it": a Cleric
            exiled = t.wf["data"]["cards"][0]
            t.do(0, "SelectCards", cards=[exiled])
        elif p == "Priority" and t.g.stack():
            t.pass_()
        else:
            break
    assert exiled is not None and t.obj(exiled)["zone"] == "Exile", t.where()
    permission = [c.get("type") for c in t.obj(exiled).get("casting_permissions", [])
                  if c.get("granted_to") == 1]
    t.pass_until("PreCombatMain", 2)
    assert t.actor == 1 and not t.g.stack(), t.where()
    offered = [str(a) for a in t.g.actions() if "PlayLand" in str(a) and f'"object_id":{exiled}' in str(a)]
    answers = {}
    for back in (True, False):
        try:
            t.do(1, "PlayLand", object_id=exiled, card_id=exiled, back_face=back)
            answers[back] = "accepted"
            break
        except ValueError as e:
            answers[back] = f"refused ({e})"
    played = "accepted" in answers.values()
    if not played:
        mine = t.card("Skyclave Cleric", 1, "hand")
        t.do(1, "PlayLand", object_id=mine, card_id=mine, back_face=True)
        o = t.obj(mine)
        assert o["zone"] == "Battlefield" and o["name"] == "Skyclave Basilica", \
            f"control: the Cleric from P2's hand is {o['name']} in {o['zone']}"
    verdict(not played,
            f"the Skyclave Cleric exiled by Invasion of Gobakhan has phase's permission {permission} for P2, but in "
            f"P2's main phase no PlayLand action for it is offered ({offered}); PlayLand with its land face was "
            f"{answers.get(True)}, without it {answers.get(False)}; a Cleric from P2's hand (the control) is played "
            f"as Skyclave Basilica",
            f"P2 played the exiled Cleric as a land ({answers})")


run(main)
