"""F22: a Siege put onto the battlefield by an effect (not cast) gets no
protector as it enters, and its enters trigger is not put on the stack
before the next player receives priority.

Rule 310.12a (cr-2026-09-25-battles.md): "As a Siege enters the battlefield,
its controller must choose its protector from among their opponents. Only
an opponent of a Siege's controller can be its protector."
Rule 117.5 (cr-2026-02-27.txt): "Each time a player would get priority, the
game first performs all applicable state-based actions as a single event
(see rule 704, "State-Based Actions"), then repeats this process until no
state-based actions are performed. Then triggered abilities are put on the
stack (see rule 603, "Handling Triggered Abilities"). [...] Then the player
who would have received priority does so."
Rule 603.6a: "Enters-the-battlefield abilities trigger when a permanent
enters the battlefield. [...]"

Play (2 players, from a new game), with real cards: P1 casts Invasion of
Shandalar (defense 4, protector P2) and Shocks it twice; its defeat trigger
exiles it and P1 casts it transformed: Leyline Surge ("At the beginning of
your upkeep, you may put a permanent card from your hand onto the
battlefield."). At P1's next upkeep the Surge's trigger resolves and P1
puts Invasion of Azgol ("When this Siege enters, target player sacrifices a
creature or planeswalker of their choice and loses 1 life.") onto the
battlefield.
Rules: as Azgol enters, P1 chooses its protector, P2 (310.12a); its enters
trigger triggers and is on the stack (P1 choosing its target) before
anyone receives priority.
phase: Azgol enters with its 4 defense counters but no protector (no
protector prompt) and P1 receives priority with an empty stack; only when
P1 passes (or casts a spell) does phase set the protector and put the
enters trigger on the stack, and then it puts it there twice (P2 loses 2
life; 603.2c: "An ability triggers only once each time its trigger event
occurs.").
Control (same script): Elvish Visionary ("When this creature enters, draw a
card.") put onto the battlefield the same way has its trigger on the stack
when P1 receives priority.
"""
from phasekit import BEARS, SHOCK, Table, face, run, siege, verdict


# Invasion of Shandalar {3}{G}{G} and Invasion of Azgol {B}{R} (cost {0} here, as every card)
SHANDALAR = siege("Invasion of Shandalar", 4, "Leyline Surge", ["Enchantment"],
                  text=("When this Siege enters, return up to three target permanent cards from your graveyard to "
                        "your hand."),
                  back_text=("At the beginning of your upkeep, you may put a permanent card from your hand onto the "
                             "battlefield."))
AZGOL = siege("Invasion of Azgol", 4, "Ashen Reaper", ["Creature"], 2, 1,
              text=("When this Siege enters, target player sacrifices a creature or planeswalker of their choice "
                    "and loses 1 life."),
              back_text=("Menace\nAt the beginning of your end step, put a +1/+1 counter on this creature if a "
                         "permanent was put into a graveyard from the battlefield this turn."),
              subtypes=["Zombie", "Elemental"], keywords=["Menace"])
ELVISH_VISIONARY = [face("Elvish Visionary", ["Creature"], subtypes=["Elf", "Shaman"], power=1, toughness=1,
                         text="When this creature enters, draw a card.")]
DECK = ["Invasion of Shandalar"] * 14 + ["Shock"] * 13 + ["Invasion of Azgol"] * 7 + ["Elvish Visionary"] * 6


def play(card):
    """Leyline Surge puts `card` onto the battlefield. Returns (whether
    phase asked for a protector, the card's protector and defense counters
    and the stack when P1 next holds priority)."""
    t = Table([SHANDALAR, AZGOL, SHOCK, BEARS, ELVISH_VISIONARY], [DECK, ["Grizzly Bears"] * 40],
              need={0: ["Invasion of Shandalar", "Shock", "Invasion of Azgol", "Elvish Visionary"]})
    t.pass_until("PreCombatMain", 1)
    s = t.card("Invasion of Shandalar", 0, "hand")
    t.cast(0, s)
    t.settle(1)
    for _ in range(2):
        t.cast(0, t.card("Shock", 0, "hand"), s)
        t.settle(1)
    assert t.obj(s)["name"] == "Leyline Surge" and t.obj(s)["zone"] == "Battlefield", t.where()
    t.pass_until("Upkeep", 3)
    asked, oid = False, t.card(card, 0, "hand")
    for _ in range(10):
        p = t.prompt
        if p == "Priority" and t.g.stack() and t.obj(oid)["zone"] == "Hand":
            t.pass_()
        elif p == "OptionalEffectChoice":            # "you may put a permanent card ...": yes
            t.do(0, "DecideOptionalEffect", accept=True)
        elif p == "EffectZoneChoice":
            t.do(0, "SelectCards", cards=[oid])
        elif p == "NamedChoice":
            asked = True
            t.choose_protector(1)
        else:
            break
    o = t.obj(oid)
    assert o["zone"] == "Battlefield", t.where()
    assert t.prompt == "Priority" and t.actor == 0, t.where()
    stack = [(e["kind"]["type"], e["source_id"]) for e in t.g.stack()]
    protector, defense = o.get("chosen_attributes"), o.get("counters", {}).get("defense")
    # then everyone passes (a target chosen for each enters trigger: P2) until the stack is empty:
    # how many times did the card's enters trigger go on the stack?
    triggers = set()
    for _ in range(30):
        triggers |= {e["id"] for e in t.g.stack() if e["kind"]["type"] == "TriggeredAbility"
                     and e["source_id"] == oid}
        p = t.prompt
        if p == "TriggerTargetSelection":
            t.do(0, "ChooseTarget", target={"Player": 1})
        elif p == "Priority" and (t.g.stack() or not triggers):
            t.pass_()
        else:
            break
    return asked, protector, defense, stack, oid, len(triggers)


def main():
    _, _, _, stack, oid, n = play("Elvish Visionary")
    assert ("TriggeredAbility", oid) in stack and n == 1, \
        f"control: the Visionary's trigger: stack {stack}, triggered {n} time(s)"
    asked, protector, defense, stack, oid, n = play("Invasion of Azgol")
    verdict(not asked and not protector and ("TriggeredAbility", oid) not in stack,
            f"Leyline Surge put Invasion of Azgol onto the battlefield with {defense} defense counters, no "
            f"protector (none asked for) and, when P1 received priority, no enters trigger on the stack "
            f"(stack {stack}); once P1 passed, its enters trigger went on the stack {n} times; Elvish "
            f"Visionary put there the same way has its trigger on the stack, once",
            f"Azgol: protector asked {asked}, protector {protector}, stack {stack}, triggered {n} time(s)")


run(main)
