"""F13: a Siege whose protector gains control of it stays attacked.

Rule 506.4 (cr-2026-09-25-battles.md): "A permanent is removed from combat if
it leaves the battlefield, if its controller or protector changes, [...] A
planeswalker or battle that's removed from combat stops being attacked."
Rule 506.4c (cr-2026-02-27.txt): "[...] If it is unblocked, it will deal no
combat damage."
Rule 310.11 (cr-2026-09-25-battles.md): "If a battle that isn't being
attacked has no player designated as its protector, or its protector is a
player who can't be its protector, its controller chooses an appropriate
player to be its protector. [...] This is a state-based action (see rule
704)."
Rule 310.12a: "[...] Only an opponent of a Siege's controller can be its
protector."

Play (2 players, from a new game): P1 casts Pool Siege 4 (defense 4,
protector P2) and Grizzly Bears on turn 1. On turn 3 the Bears attack P1's
own Siege; P2 casts Threaten the Gates ("Gain control of target permanent.")
on the Siege.
Rules: its controller changed, so the Siege is removed from combat (506.4):
it is no longer being attacked, and the unblocked Bears, attacking nothing,
deal no combat damage (506.4c). Not being attacked, with its controller P2
as its protector (which 310.12a forbids), it gets a new protector (P1) as a
state-based action (310.11, 704.5y) before anyone next gets priority.
phase: the Siege stays the Bears' attack target, P2 stays the protector of
its own Siege, and the Bears remove 2 of its 4 defense counters in the
combat damage step.
"""
from phasekit import BEARS, THREATEN, Table, run, siege, verdict

SIEGE = siege("Pool Siege 4", 4, "Pool Siege 4 Reborn")


def protector(o):
    return (o.get("chosen_attributes") or [{}])[0].get("value")


def main():
    t = Table([SIEGE, BEARS, THREATEN],
              [["Pool Siege 4"] * 20 + ["Grizzly Bears"] * 20, ["Threaten the Gates"] * 40],
              need={0: ["Pool Siege 4", "Grizzly Bears"]})
    t.pass_until("PreCombatMain", 1)
    s = t.card("Pool Siege 4", 0, "hand")
    t.cast(0, s)
    t.resolve()
    t.choose_protector(1)
    bears = t.card("Grizzly Bears", 0, "hand")
    t.cast(0, bears)
    t.resolve()
    t.until_prompt("DeclareAttackers")
    t.attack(0, [(bears, s)])
    t.cast(1, t.card("Threaten the Gates", 1, "hand"), s)
    t.resolve()
    o = t.obj(s)
    assert o["controller"] == 1 and t.prompt == "Priority", t.where()
    attacked = [a for a in t.combat()["attackers"] if a["attack_target"] == {"type": "Battle", "data": s}]
    prot = protector(o)
    start = len(t.events)
    t.pass_until("EndCombat")
    hits = [e["data"]["amount"] for e in t.events[start:] if e["type"] == "DamageDealt"
            and e["data"]["source_id"] == bears and e["data"]["target"] == {"Object": s}]
    verdict(attacked or hits,
            f"after P2 gained control of it the Siege stays attacked (protector P{prot + 1} = its controller "
            f"P2) and the Bears deal it {sum(hits)} combat damage, defense 4 -> "
            f"{t.obj(s)['counters'].get('defense')}",
            f"the Siege left combat (protector P{prot + 1}) and the Bears dealt it no damage")


run(main)
