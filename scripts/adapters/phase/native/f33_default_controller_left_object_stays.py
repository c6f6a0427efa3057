"""F33: when a control-changing effect ends because its player leaves the
game and the object's default controller has already left, phase returns
the object to that departed player instead of exiling it.

Rule 800.4c (cr-2026-02-27.txt): "If an effect that gives a player still in
the game control of an object ends, there is no other effect giving
control of that object to another player in the game, and the player who
controlled that object by default has left the game, the object is exiled.
This is not a state-based action. It happens as soon as the
control-changing effect ends."
Rule 800.4a: "When a player leaves the game, all objects (see rule 109)
owned by that player leave the game and any effects which give that player
control of any objects or players end. [...]"

Play (4 players, free-for-all, from a new game), with real cards: P1 casts
Grizzly Bears. On turn 2 P2 casts Hostage Taker ("When Hostage Taker
enters, exile another target artifact or creature until Hostage Taker
leaves the battlefield. You may cast that card for as long as it remains
exiled, [...]"), exiling the Bears, and casts them from exile: P2 is their
default controller (P1 owns them). On turn 3 P3 casts Confiscate ("Enchant
permanent / You control enchanted permanent.") on the Bears. Then P2
concedes (the Bears stay with P3), and P3 concedes.
Rules: P3's Confiscate leaves the game with P3 and its control effect ends;
no effect gives the Bears to a player in the game and P2, their default
controller, has left: the Bears are exiled (800.4c).
phase: the Bears stay on the battlefield under the control of P2, who has
left the game, also after P4 and P1 pass priority.
Control (same game): when P2 concedes while P3 controls the Bears, they
stay with P3 (800.4a ends only P2's effects).
"""
from phasekit import BEARS, Table, face, run, verdict
from realcards import CONFISCATE

# Hostage Taker {2}{U}{B}, Confiscate {4}{U} (cost {0} here, as every card)
HOSTAGE_TAKER = [face("Hostage Taker", ["Creature"], subtypes=["Human", "Pirate"], power=2, toughness=3,
                      text=("When Hostage Taker enters, exile another target artifact or creature until Hostage Taker "
                            "leaves the battlefield. You may cast that card for as long as it remains exiled, and you "
                            "may spend mana as though it were mana of any type to cast that spell."))]


def main():
    t = Table([HOSTAGE_TAKER, CONFISCATE, BEARS],
              [["Grizzly Bears"] * 40, ["Hostage Taker"] * 40, ["Confiscate"] * 40, ["Grizzly Bears"] * 40],
              need={0: ["Grizzly Bears"], 1: ["Hostage Taker"], 2: ["Confiscate"]})
    t.pass_until("PreCombatMain", 1)
    bears = t.card("Grizzly Bears", 0, "hand")
    t.cast(0, bears)
    t.resolve()
    t.pass_until("PreCombatMain", 2)
    t.cast(1, t.card("Hostage Taker", 1, "hand"))
    for _ in range(10):
        if t.prompt == "TriggerTargetSelection":
            t.do(1, "ChooseTarget", target={"Object": bears})
        elif t.prompt == "Priority" and t.g.stack():
            t.pass_()
        else:
            break
    assert t.obj(bears)["zone"] == "Exile", t.where()
    t.do(1, "CastSpell", object_id=bears, card_id=t.obj(bears)["card_id"], targets=[],
         payment_mode={"type": "Auto"})
    t.resolve()
    o = t.obj(bears)
    assert (o["zone"], o["owner"], o["controller"]) == ("Battlefield", 0, 1), f"the Bears: {o['zone']} {o['controller']}"
    t.pass_until("PreCombatMain", 3)
    t.cast(2, t.card("Confiscate", 2, "hand"), bears)
    t.resolve()
    assert t.obj(bears)["controller"] == 2, t.where()
    t.do(1, "Concede", player_id=1)
    o = t.obj(bears)
    assert (o["zone"], o["controller"]) == ("Battlefield", 2), f"control: after P2 left the Bears are {o}"
    t.do(2, "Concede", player_id=2)
    o = t.obj(bears)
    now = (o["zone"], o["controller"])
    passed = []
    for _ in range(2):                      # P4, then P1, pass priority
        if t.prompt != "Priority":
            break
        passed.append(f"P{t.actor + 1}")
        t.pass_()
    o = t.obj(bears)
    later = (o["zone"], o["controller"])
    left = [f"P{p['id'] + 1}" for p in t.state()["players"] if p.get("is_eliminated")]
    verdict(now[0] == "Battlefield" or later[0] == "Battlefield",
            f"after P3 (who controlled the Bears through Confiscate) conceded, the Bears, owned by P1 and cast by "
            f"P2, are in the {now[0]} under the control of P{now[1] + 1} (players who left: {left}); after "
            f"{passed} passed: {later[0]}, controller P{later[1] + 1}; when P2 conceded (the control) they stayed "
            f"with P3",
            f"the Bears went to {later[0]}")


run(main)
