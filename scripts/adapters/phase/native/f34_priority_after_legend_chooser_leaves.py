"""F34: when a player leaves the game while choosing which legendary
permanent to keep (the legend rule), phase gives priority to the next
player after them instead of the player who would have received it.

Rule 704.5j (cr-2026-02-27.txt): "If two or more legendary permanents with
the same name are controlled by the same player, that player chooses one of
them, and the rest are put into their owners' graveyards. This is called
the "legend rule.""
Rule 117.3b: "The active player receives priority after a spell or ability
(other than a mana ability) resolves."
Rule 117.5: "Each time a player would get priority, the game first performs
all applicable state-based actions as a single event (see rule 704,
"State-Based Actions"), then repeats this process until no state-based
actions are performed. [...] Then the player who would have received
priority does so."
Rule 800.4a: "[...] If the player who left the game had priority at the
time they left, priority passes to the next player in turn order who's
still in the game."

Play (4 players, free-for-all, from a new game), with a real card: in P1's
first main phase P1 passes and P2 casts Teferi, Mage of Zhalfir (legendary,
flash); it resolves; P2 casts a second one, which resolves, and as a
state-based action phase asks P2 which Teferi to keep (ChooseLegend). P2
concedes.
Rules: P2 did not hold priority; the Teferis leave with P2 (800.4a), the
state-based actions are done and P1, the active player, receives priority
after the spell's resolution (117.3b, 117.5).
phase: P3 receives priority, as if P2 had held it.
Control (a second game): P2 concedes while holding priority (with its first
Teferi on the stack): priority passes to P3 (800.4a), in phase as well.
"""
from phasekit import BEARS, Table, face, run, verdict

# Teferi, Mage of Zhalfir {2}{U}{U} (cost {0} here, as every card)
TEFERI = [face("Teferi, Mage of Zhalfir", ["Creature"], subtypes=["Human", "Wizard"], power=3, toughness=4,
               keywords=["Flash"],
               text=("Flash\nCreature cards you own that aren't on the battlefield have flash.\nEach opponent can cast "
                     "spells only any time they could cast a sorcery."))]
TEFERI[0]["supertypes"] = ["Legendary"]
DECKS = [["Grizzly Bears"] * 40, ["Teferi, Mage of Zhalfir"] * 40, ["Grizzly Bears"] * 40, ["Grizzly Bears"] * 40]


def teferi(t):
    return next(o["id"] for o in t.state()["objects"].values()
                if o["owner"] == 1 and o["zone"] == "Hand" and o["name"] == "Teferi, Mage of Zhalfir")


def main():
    control = Table([TEFERI, BEARS], DECKS, need={1: ["Teferi, Mage of Zhalfir"]})
    control.pass_until("PreCombatMain", 1)
    control.cast(1, teferi(control))
    assert control.prompt == "Priority" and control.actor == 1, control.where()
    control.do(1, "Concede", player_id=1)
    assert control.prompt == "Priority" and control.actor == 2, \
        f"control: P2 conceded holding priority: {control.where()}"

    t = Table([TEFERI, BEARS], DECKS, need={1: ["Teferi, Mage of Zhalfir"]})
    t.pass_until("PreCombatMain", 1)
    for _ in range(2):
        t.cast(1, teferi(t))
        for _ in range(6):
            if t.prompt == "Priority" and t.g.stack():
                t.pass_()
            else:
                break
    assert t.prompt == "ChooseLegend" and t.actor == 1, t.where()
    t.do(1, "Concede", player_id=1)
    left = [f"P{p['id'] + 1}" for p in t.state()["players"] if p.get("is_eliminated")]
    holder = f"P{t.actor + 1}" if t.prompt == "Priority" else None
    verdict(t.prompt == "Priority" and t.actor != 0,
            f"P2 conceded while choosing which Teferi, Mage of Zhalfir to keep (704.5j): {holder} receives priority "
            f"in P1's turn (left: {left}), not P1; when P2 concedes holding priority (the control), P3 receives it, "
            f"as 800.4a says",
            f"after P2 conceded while choosing: {t.where()}")


run(main)
