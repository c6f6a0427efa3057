"""F17: ward does not trigger when the spell that targets the warded
permanent has its cost paid through a prompt (a sacrifice chosen as an
additional cost, mana paid from the mana pool).

Rule 702.21a (cr-2026-02-27.txt): "Ward is a triggered ability. Ward [cost]
means "Whenever this permanent becomes the target of a spell or ability an
opponent controls, counter that spell or ability unless that player pays
[cost]." [...]"
Rule 603.2: "Whenever a game event or game state matches a triggered
ability's trigger event, that ability automatically triggers. [...]"
Rule 603.3: "Once an ability has triggered, its controller puts it on the
stack as an object that's not a card the next time a player would receive
priority. [...]"

Play (2 players, from a new game), with real cards. P1 casts Sedgemoor
Witch ("Menace, ward—Pay 3 life. [...]") on turn 1. On turn 2 P2:
  * control: casts Shock ("Shock deals 2 damage to any target.") at the
    Witch;
  * sacrifice: casts Grizzly Bears, then Bone Splinters ("As an additional
    cost to cast this spell, sacrifice a creature. Destroy target
    creature.") at the Witch, sacrificing the Bears when phase asks
    (PayCost);
  * mana: plays a Mountain, taps it for {R} and casts Shock (here with its
    real cost {R}) at the Witch with phase's manual payment, paying {R} from
    the mana pool when phase asks (ManaPayment).
Rules: each time the Witch becomes the target of a spell P1's opponent
controls, so ward triggers and its trigger is on the stack above the spell
when P2 next receives priority (after casting it).
phase: in the control, ward's trigger is on the stack. When the cost is paid
through a prompt after the target was chosen, phase emits BecomesTarget but
ward never triggers: P2 holds priority with the spell alone on the stack,
and Bone Splinters destroys the Witch with no ward payment asked.
"""
from phasekit import BEARS, SHOCK, Table, face, run, verdict

# Sedgemoor Witch {2}{B}, Creature — Human Warlock 3/2 (cost {0} here, as every card)
WITCH = [face("Sedgemoor Witch", ["Creature"], subtypes=["Human", "Warlock"], power=3, toughness=2,
              keywords=["Menace", "Ward"],
              text=("Menace, ward—Pay 3 life.\nMagecraft — Whenever you cast or copy an instant or sorcery "
                    "spell, create a 1/1 black and green Pest creature token with \"When this creature dies, "
                    "you gain 1 life.\""))]
# Bone Splinters {B}, sorcery
BONE_SPLINTERS = [face("Bone Splinters", ["Sorcery"], text=("As an additional cost to cast this spell, sacrifice "
                                                            "a creature.\nDestroy target creature."))]
# Shock with its real cost {R}, for the payment from the mana pool
SHOCK_R = [face("Shock", ["Instant"], text="Shock deals 2 damage to any target.", cost="{R}")]
MOUNTAIN = [dict(face("Mountain", ["Land"], subtypes=["Mountain"], text="({T}: Add {R}.)", cost=None),
                 supertypes=["Basic"])]


def play(route):
    """P2 targets the Witch with a spell (route: "control", "sacrifice" or
    "mana"). Returns (the stack, as (kind, source) pairs, when P2 next holds
    priority; the events of the cast; the Witch's zone once all pass)."""
    p2 = {"control": ["Shock"] * 40, "sacrifice": ["Grizzly Bears"] * 20 + ["Bone Splinters"] * 20,
          "mana": ["Mountain"] * 20 + ["Shock"] * 20}[route]
    need = {"control": ["Shock"], "sacrifice": ["Grizzly Bears", "Bone Splinters"],
            "mana": ["Mountain", "Shock"]}[route]
    t = Table([WITCH, SHOCK_R if route == "mana" else SHOCK, BONE_SPLINTERS, MOUNTAIN, BEARS],
              [["Sedgemoor Witch"] * 40, p2], need={0: ["Sedgemoor Witch"], 1: need})
    t.pass_until("PreCombatMain", 1)
    witch = t.card("Sedgemoor Witch", 0, "hand")
    t.cast(0, witch)
    t.resolve()
    t.pass_until("PreCombatMain", 2)
    mode = "Auto"
    if route == "control":
        spell = t.card("Shock", 1, "hand")
    elif route == "sacrifice":
        bears = t.card("Grizzly Bears", 1, "hand")
        t.cast(1, bears)
        t.resolve()
        spell = t.card("Bone Splinters", 1, "hand")
    else:
        mountain = t.card("Mountain", 1, "hand")
        t.do(1, "PlayLand", object_id=mountain, card_id=t.obj(mountain)["card_id"])
        t.do(1, "ActivateAbility", source_id=mountain, ability_index=0)     # {T}: Add {R}
        assert t.g.player(1)["mana_pool"]["mana"], "the Mountain added no mana"
        spell, mode = t.card("Shock", 1, "hand"), "Manual"
    start = len(t.events)
    t.do(1, "CastSpell", object_id=spell, card_id=t.obj(spell)["card_id"], targets=[], payment_mode={"type": mode})
    asked = []
    for _ in range(6):
        p = t.prompt
        if p == "TargetSelection":
            t.do(1, "ChooseTarget", target={"Object": witch})
        elif p == "PayCost":                 # the sacrifice: the Bears
            asked.append(p)
            t.do(1, "SelectCards", cards=[bears])
        elif p == "ManaPayment":             # pay from the mana pool
            asked.append(p)
            t.do(1, "PassPriority")
        else:
            break
    assert t.prompt == "Priority" and t.actor == 1, t.where()
    assert any(e["type"] == "SpellCast" for e in t.events[start:]), "the spell was not cast"
    assert route == "control" or asked, f"{route}: phase asked for no payment"
    stack = [(e["kind"]["type"], e["source_id"]) for e in t.g.stack()]
    targeted = any(e["type"] == "BecomesTarget" and e["data"]["target"] == {"Object": witch}
                   for e in t.events[start:])
    for _ in range(8):                       # everyone passes; P2 declines ward's payment if asked
        if not t.g.stack():
            break
        if t.prompt == "Priority":
            t.pass_()
        else:
            break
    return stack, targeted, asked, t.obj(witch)["zone"]


def main():
    stack, targeted, _, _ = play("control")
    ward = ("TriggeredAbility",)
    assert targeted and any(k in ward for k, _ in stack), f"control: ward did not trigger ({stack})"
    out = {}
    for route in ("sacrifice", "mana"):
        stack, targeted, asked, zone = play(route)
        out[route] = (stack, targeted, asked, zone)
    lost = [r for r, (stack, targeted, _, _) in out.items()
            if targeted and not any(k in ward for k, _ in stack)]
    verdict(len(lost) == 2,
            "; ".join(f"{r}: after the cost prompt ({', '.join(a)}) the Witch became the target (BecomesTarget) "
                      f"but P2 holds priority with {len(s)} object on the stack, no ward trigger; the Witch ends "
                      f"in the {z}" for r, (s, _, a, z) in out.items())
            + "; control (Shock, no prompt): ward's trigger is on the stack",
            "; ".join(f"{r}: stack {s}" for r, (s, _, _, _) in out.items()))


run(main)
