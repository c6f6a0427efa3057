"""F23: a triggered ability is put on the stack while a state-based action
still waits for a player's choice.

Rule 117.5 (cr-2026-02-27.txt): "Each time a player would get priority, the
game first performs all applicable state-based actions as a single event
(see rule 704, "State-Based Actions"), then repeats this process until no
state-based actions are performed. Then triggered abilities are put on the
stack (see rule 603, "Handling Triggered Abilities"). [...]"
Rule 704.5x (cr-2026-09-25-battles.md): "If a battle has no player in the
game designated as its protector and no attacking creatures are currently
attacking that battle, that battle's controller chooses an appropriate
player to be its protector based on its battle type. [...]"
Rule 603.3 (cr-2026-02-27.txt): "Once an ability has triggered, its
controller puts it on the stack as an object that's not a card the next
time a player would receive priority. [...]"

Play (4 players, free-for-all, from a new game): on turn 1 P1 casts Pool
Siege 4 (protector P2), Pool Siege 2 (protector P3), Hill Giant and Grizzly
Bears, and brings P2 to 3 life (three Lava Axes, "Lava Axe deals 5 damage to
target player or planeswalker.", and a Shock). On turn 5 Hill Giant attacks
P2 and the Bears attack Pool Siege 2; nobody blocks.
Rules: the combat damage defeats Pool Siege 2 (its defeat trigger triggers)
and brings P2 to 0 life. State-based actions: P2 loses and leaves; then Pool
Siege 4 has no protector in the game, and P1 chooses P3 or P4 (704.5x).
Only when no state-based action is left is the defeat trigger put on the
stack: while P1 chooses, the stack is empty.
phase: while it asks P1 for Pool Siege 4's new protector
(BattleProtectorChoice), the defeat trigger of Pool Siege 2 is already on
the stack (StackPushed after PlayerEliminated).
"""
from phasekit import BEARS, HILL_GIANT, SHOCK, Table, face, run, siege, verdict

SIEGE4 = siege("Pool Siege 4", 4, "Pool Siege 4 Reborn")
SIEGE2 = siege("Pool Siege 2", 2, "Pool Siege 2 Reborn")
# Lava Axe {4}{R}, sorcery (cost {0} here, as every card)
LAVA_AXE = [face("Lava Axe", ["Sorcery"], text="Lava Axe deals 5 damage to target player or planeswalker.")]
# phase groups a deck by name; with seed 1 this order gives P1 by turn 1 (its draw included) a Shock,
# three Lava Axes, both Sieges, Hill Giant and Grizzly Bears
DECK = (["Shock"] * 3 + ["Lava Axe"] * 20 + ["Pool Siege 4"] * 2 + ["Pool Siege 2"] * 3 + ["Hill Giant"] * 3
        + ["Grizzly Bears"] * 9)


def main():
    # (Pool Siege 4 is P1's turn-1 draw: free-for-all, nobody skips it)
    t = Table([SIEGE4, SIEGE2, HILL_GIANT, BEARS, LAVA_AXE, SHOCK], [DECK] + [["Shock"] * 40] * 3,
              need={0: ["Pool Siege 2", "Hill Giant", "Grizzly Bears", "Lava Axe", "Shock"]})
    t.pass_until("PreCombatMain", 1)
    a = t.card("Pool Siege 4", 0, "hand")
    t.cast(0, a)
    t.resolve()
    t.choose_protector(1)
    b = t.card("Pool Siege 2", 0, "hand")
    t.cast(0, b)
    t.resolve()
    t.choose_protector(2)
    giant, bears = t.card("Hill Giant", 0, "hand"), t.card("Grizzly Bears", 0, "hand")
    for c in (giant, bears):
        t.cast(0, c)
        t.resolve()
    for name in ("Lava Axe", "Lava Axe", "Lava Axe", "Shock"):
        t.cast(0, t.card(name, 0, "hand"), ("player", 1))
        t.resolve()
    assert t.g.player(1)["life"] == 3, f"P2 at {t.g.player(1)['life']}"
    t.pass_until("BeginCombat", 5)
    t.until_prompt("DeclareAttackers")
    t.attack(0, [(giant, ("player", 1)), (bears, b)])
    start = len(t.events)
    for _ in range(30):
        p = t.prompt
        if p == "DeclareBlockers":
            t.do(t.actor, "DeclareBlockers", assignments=[])
        elif p == "Priority" and t.g.phase != "CombatDamage":
            t.pass_()
        else:
            break
    assert t.prompt == "BattleProtectorChoice" and t.wf["data"]["battle_id"] == a, t.where()
    candidates = t.wf["data"]["candidates"]
    stack = [(e["kind"]["type"], e["source_id"]) for e in t.g.stack()]
    order = [e["type"] for e in t.events[start:] if e["type"] in ("PlayerEliminated", "StackPushed")]
    verdict(("TriggeredAbility", b) in stack,
            f"P2 left (PlayerEliminated) and phase asks P1 for Pool Siege 4's new protector (candidates "
            f"{candidates}) with Pool Siege 2's defeat trigger already on the stack {stack} (events {order})",
            f"while P1 chooses the protector the stack is {stack}")


run(main)
