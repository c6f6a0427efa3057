"""The adapter's observation against phase's own state, state by state.

Plays recorded games through the adapter's mapping layer (phasegame.py) and,
beside it, on a second phase game fed the very phase actions the adapter
applied. After every decision it checks that
  * the two phase games are in the same state (the adapter's game is phase's
    own game: nothing but phase's actions moved it), and
  * what the adapter reports (turn_step, the priority holder, pending, life,
    zones, controllers, defense counters, damage, combat, the stack) is what
    phase's state says, read here with this file's own code.
The step is read as phase 0.103.0 keeps it: both combat damage steps (510.4)
are its one `CombatDamage` phase, the first-strike step while its combat
state has `first_strike_done` set and `regular_damage_done` not (the F8
mapping error treated a phase named FirstStrikeDamage, which 0.103.0 does not
have, and reported that window as the regular step).

  target/phase-venv/bin/python scripts/adapters/phase/test_observation.py [--self-check]

--self-check also puts the F8 mapping back (in this process only) and
requires the test to fail with it. Exit 0 if all holds.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cards  # noqa: E402
import phasegame  # noqa: E402

STEPS = {"Untap": "upkeep", "Upkeep": "upkeep", "Draw": "draw", "PreCombatMain": "main1",
         "BeginCombat": "begin_combat", "DeclareAttackers": "declare_attackers",
         "DeclareBlockers": "declare_blockers", "CombatDamage": "combat_damage",
         "EndCombat": "end_combat", "PostCombatMain": "main2", "End": "end", "Cleanup": "end"}
ZONES = {"Hand": "hand", "Battlefield": "battlefield", "Stack": "stack", "Graveyard": "graveyard",
         "Exile": "exile", "Library": "outside", "Command": "outside"}

BASE = [
    {"id": "striker", "card": "Pool Striker", "owner": "P1", "zone": "battlefield"},
    {"id": "bears", "card": "Grizzly Bears", "owner": "P1", "zone": "battlefield"},
    {"id": "siege", "card": "Pool Siege 2", "owner": "P1", "zone": "battlefield", "defense": 2, "protector": "P2"},
    {"id": "giant", "card": "Hill Giant", "owner": "P2", "zone": "battlefield"},
    {"id": "shock", "card": "Shock", "owner": "P1", "zone": "hand"},
]
PASS = {"decision": "pass_all"}
# Recorded games: (name, position, decisions, fine steps the game must show with priority).
GAMES = [
    ("first strike defeats a Siege; Shock and a cast transformed between the damage steps",
     {"players": 2, "step": "main1", "cards": BASE},
     [PASS, PASS,
      {"decision": "declare_attackers", "attacks": [[1, {"player": 1}], [0, {"battle": 2}]]},
      PASS,
      {"decision": "declare_blockers", "blocks": [[3, 1]]},
      PASS,                                   # first-strike damage: the defeat trigger, priority
      {"decision": "cast", "player": 0, "card": 4, "targets": [{"permanent": 3}]},
      PASS,                                   # Shock resolves: the Giant has 2 damage
      PASS,                                   # the trigger: exiled, cast it transformed?
      {"decision": "cast_transformed", "player": 0, "card": 2, "cast": True},
      PASS,                                   # Pool Siege 2 Reborn enters
      PASS,                                   # regular damage: Bears and Giant die
      PASS, PASS],
     {"first_strike_damage", "combat_damage", "end_combat", "main2"}),
    ("first strike and regular damage with nothing triggering (phase: no window between, F14)",
     {"players": 2, "step": "main1", "cards": BASE[:2] + [BASE[4]]},
     [PASS, PASS,
      {"decision": "declare_attackers", "attacks": [[1, {"player": 1}], [0, {"player": 1}]]},
      PASS, PASS, PASS, PASS],
     {"declare_blockers", "combat_damage", "end_combat"}),
]


def fine_step(g, st):
    c = st.get("combat") or {}
    if g.phase == "CombatDamage" and c.get("first_strike_done") and not c.get("regular_damage_done"):
        return "first_strike_damage"
    return STEPS[g.phase]


def native(g, oids):
    """What phase's own state says, in the observation's terms."""
    st = g.state()["state"]
    objs = st["objects"]
    card_of = {oid: c for c, oid in enumerate(oids)}
    wf = g.waiting_for()
    combat = st.get("combat") or {}
    in_combat = g.phase in ("DeclareAttackers", "DeclareBlockers", "CombatDamage", "EndCombat")
    roles = {}
    for a in combat.get("attackers", []) if in_combat else []:
        t = a["attack_target"]
        target = None
        if t["type"] == "Player":
            target = {"player": t["data"]}
        else:
            bo = objs.get(str(t["data"]))   # a battle gone from the battlefield: attacking nothing (506.4c)
            if bo and bo["zone"] == "Battlefield" and "Battle" in bo["card_types"]["core_types"]:
                target = {"battle": card_of[t["data"]]}
        roles[card_of[a["object_id"]]] = {"attacking": {"target": target, "blocked": bool(a["blocked"]),
                                                         "defender": a["defending_player"]}}
    for b, atk in (combat.get("blocker_to_attacker") or {}).items() if in_combat else []:
        if atk:
            roles[card_of[int(b)]] = {"blocking": card_of[atk[0]]}
    cards_ = []
    for c, oid in enumerate(oids):
        o = objs[str(oid)]
        zone = ZONES[o["zone"]]
        bf = zone == "battlefield"
        creature = "Creature" in o["card_types"]["core_types"]
        cards_.append({
            "zone": zone,
            "controller": o["controller"] if zone in ("battlefield", "stack") else o["owner"],
            "defense": (o.get("counters") or {}).get("defense", 0) if bf else 0,
            "damage": o.get("damage_marked", 0) if bf and creature else 0,
            "creature": creature,
            "combat": roles.get(c, "none") if bf else "none",
            "protector": next((a["value"] for a in o.get("chosen_attributes") or [] if a.get("type") == "Player"), None)
            if bf and "Battle" in o["card_types"]["core_types"] else None,
            "back_face": bool(o.get("transformed")) and zone in ("battlefield", "stack"),
        })
    stack = []
    for e in g.stack():
        k = e["kind"]
        if k["type"] == "Spell":
            stack.append({"kind": "spell", "card": card_of[k["data"]["card_id"]], "controller": e["controller"]})
        else:
            stack.append({"kind": "defeat_trigger", "source": card_of[e["source_id"]], "controller": e["controller"]})
    return {
        "turn_step": fine_step(g, st),
        "priority": wf["data"]["player"] if wf["type"] == "Priority" else None,
        "players": [{"life": p["life"], "in_game": not p["is_eliminated"]} for p in st["players"]],
        "cards": cards_,
        "stack": stack,
    }


def reported(s):
    """The same facts from the adapter's observation."""
    obs = s.observe()
    return {
        "turn_step": s.turn_step(),
        "priority": s.priority_holder() if obs["pending"] == "priority" else None,
        "players": obs["players"],
        "cards": [{k: o[k] for k in ("zone", "controller", "defense", "damage", "creature", "combat",
                                                 "protector", "back_face")}
                  for o in obs["objects"]],
        "stack": [{k: v for k, v in e.items() if k != "transformed"} for e in obs["stack"]],
        "coarse": obs["step"],
    }


def play(name, position, decisions, must_see):
    """Returns a list of differences (empty: the adapter reports phase as it is)."""
    eng = cards.engine()
    s = phasegame.PhaseSession(eng)
    s.setup(position)
    raw = eng.load_game(s.base.state_json)   # phase directly, from the same start
    fed = 0
    seen = set()
    problems = []

    def compare(where):
        nonlocal fed
        for actor, action in s.suffix[fed:]:
            raw.apply(actor, action)
        fed = len(s.suffix)
        if json.dumps(raw.state(), sort_keys=True) != json.dumps(s.game.state(), sort_keys=True):
            problems.append(f"{where}: the adapter's phase game is not the game phase's actions give")
        want, got = native(raw, s.base.oids), reported(s)
        if got.pop("coarse") != phasegame.COARSE_STEP[want["turn_step"]]:
            problems.append(f"{where}: observation step does not match phase's step {want['turn_step']}")
        for k in want:
            if want[k] != got[k]:
                problems.append(f"{where}: {k}: phase says {json.dumps(want[k])}, the adapter {json.dumps(got[k])}")
        if want["priority"] is not None:
            seen.add(want["turn_step"])

    compare("setup")
    for i, d in enumerate(decisions):
        if d not in s.legal():
            problems.append(f"decision {i} {json.dumps(d)} is not legal through the adapter "
                            f"(phase's step {native(raw, s.base.oids)['turn_step']})")
            break
        s.apply(d)
        compare(f"after decision {i} {json.dumps(d)}")
    missing = must_see - seen
    if missing and not problems:
        problems.append(f"the game never had priority in {sorted(missing)} (the recording no longer "
                        f"exercises what it must)")
    return problems


def run_all(verbose=True):
    """The problems of every recorded game."""
    out = []
    for name, position, decisions, must_see in GAMES:
        problems = play(name, position, decisions, must_see)
        if verbose:
            print(f"{'ok' if not problems else 'FAILED'}: {name} ({len(decisions)} decisions)")
            for p in problems[:6]:
                print("  " + p)
        out.append(problems)
    return out


def f8_mapping(phase, combat):
    """The withdrawn F8 mapping: the step from phase's phase name alone."""
    return phasegame.STEP_OF_PHASE.get(phase, "main1")


def main(argv):
    bad = sum(bool(p) for p in run_all())
    if "--self-check" in argv:
        real = phasegame.step_of
        phasegame.step_of = f8_mapping
        try:
            with_f8 = run_all(verbose=False)
        finally:
            phasegame.step_of = real
        caught = [ps for ps in with_f8 if any("step" in p for p in ps)]
        print(f"{'ok' if caught else 'FAILED'}: with the F8 mapping put back the test fails "
              f"({len(caught)} of {len(GAMES)} games; first: {caught[0][0] if caught else None})")
        bad += not caught
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
