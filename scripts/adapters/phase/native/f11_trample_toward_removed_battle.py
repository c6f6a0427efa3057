"""F11: a trampler whose battle left combat may assign damage to that battle.

Rule 506.4c (cr-2026-02-27.txt): "If a creature is attacking a planeswalker
or battle, removing that planeswalker or battle from combat doesn't remove
that creature from combat. It continues to be an attacking creature,
although it is not attacking any player, planeswalker, or battle. It may be
blocked. If it is unblocked, it will deal no combat damage."
Rule 702.19b: "[...] Once all those blocking creatures are assigned lethal
damage, any excess damage is assigned as its controller chooses among those
blocking creatures and the player, planeswalker, or battle the creature is
attacking. [...]"
Rule 510.1c: "[...] If exactly one creature is blocking it, it assigns all
its combat damage to that creature. [...]"

Play (2 players, from a new game): P1 casts Pool Siege 1 (defense 1,
protector P2) and Pool Trampler (3/3 trample) on turn 1; P2 casts Grizzly
Bears on turn 2. On turn 3 the Trampler attacks the Siege; P1's Pool Erode
("Remove two defense counters from target battle.") defeats it, P1 declines
to cast it transformed (it stays in exile), and P2 blocks with the Bears.
Rules: the Trampler attacks nothing, so there is nothing to trample over:
all 3 damage is assigned to the Bears.
phase: it asks P1 to divide the damage with trample toward the exiled
battle (AssignCombatDamage, attack_target the old battle) and accepts 2 to
the Bears and 1 "trample" damage, which is lost.
"""
from phasekit import BEARS, ERODE, TRAMPLER, Table, run, siege, verdict

SIEGE = siege("Pool Siege 1", 1, "Pool Siege 1 Reborn")


def main():
    t = Table([SIEGE, TRAMPLER, ERODE, BEARS],
              [["Pool Siege 1"] * 14 + ["Pool Trampler"] * 13 + ["Pool Erode"] * 13, ["Grizzly Bears"] * 40],
              need={0: ["Pool Siege 1", "Pool Trampler", "Pool Erode"]})
    t.pass_until("PreCombatMain", 1)
    s = t.card("Pool Siege 1", 0, "hand")
    t.cast(0, s)
    t.resolve()
    t.choose_protector(1)
    tr = t.card("Pool Trampler", 0, "hand")
    t.cast(0, tr)
    t.resolve()
    t.pass_until("PreCombatMain", 2)
    bears = t.card("Grizzly Bears", 1, "hand")
    t.cast(1, bears)
    t.resolve()
    t.until_prompt("DeclareAttackers")
    t.attack(0, [(tr, s)])
    t.cast(0, t.card("Pool Erode", 0, "hand"), s)
    t.resolve()                      # Erode; the defeat trigger goes on the stack
    t.resolve()                      # the trigger exiles the Siege
    t.do(0, "DecideOptionalEffect", accept=False)
    assert t.obj(s)["zone"] == "Exile", t.where()
    t.until_prompt("DeclareBlockers")
    t.do(1, "DeclareBlockers", assignments=[[bears, tr]])
    t.until_prompt("AssignCombatDamage")
    wf = t.wf["data"]
    start = len(t.events)
    try:
        t.do(0, "AssignCombatDamage", assignments=[[bears, 2]], trample_damage=1,
             controller_damage=0, mode="Normal")
        accepted = True
    except ValueError as e:
        accepted, why = False, str(e)
    names = {bears: "Bears", tr: "Trampler"}
    dealt = ", ".join(f"{names.get(e['data']['target'].get('Object'), e['data']['target'])} {e['data']['amount']}"
                      for e in t.events[start:] if e["type"] == "DamageDealt")
    verdict(accepted,
            f"phase offers trample ({wf.get('trample')}) toward the exiled battle {wf.get('attack_target')} "
            f"and accepts 2 to the Bears + 1 trample damage, which is dealt to nothing (damage dealt: {dealt})",
            f"phase required all 3 damage on the Bears (refused: {why if not accepted else ''})")


run(main)
