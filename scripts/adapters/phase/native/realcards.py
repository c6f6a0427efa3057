"""Real cards the native reproducers share, as phase's card data: each
with its oracle text (cost {0}, as every card of the reproducers, so that
no lands are needed). Data only: the faces are built by phasekit.face."""
from phasekit import SIEGE_TEXT, face

# Mind Rot {2}{B}, sorcery (cost {0} here, as every card)
MIND_ROT = [face("Mind Rot", ["Sorcery"], text="Target player discards two cards.")]
_ELDRAINE = "Invasion of Eldraine // Prickle Faeries"
# Invasion of Eldraine {3}{B}, Battle — Siege, defense 4
INVASION_OF_ELDRAINE = [
    face(_ELDRAINE, ["Battle"], subtypes=["Siege"], defense=4,
         text=SIEGE_TEXT + "\nWhen this Siege enters, target opponent discards two cards.",
         layout="transform", face_name="Invasion of Eldraine", side="a"),
    face(_ELDRAINE, ["Creature"], subtypes=["Faerie"], power=2, toughness=2, keywords=["Flying"],
         text=("Flying\nAt the beginning of each opponent's upkeep, if that player has two or fewer cards in "
               "hand, this creature deals 2 damage to them."),
         layout="transform", face_name="Prickle Faeries", side="b", cost=None)]
_KYLEM = "Invasion of Kylem // Valor's Reach Tag Team"
# Invasion of Kylem {2}{R}{W}, Battle — Siege, defense 5 (cost {0} here, as every card)
INVASION_OF_KYLEM = [
    face(_KYLEM, ["Battle"], subtypes=["Siege"], defense=5,
         text=SIEGE_TEXT + ("\nWhen this Siege enters, up to two target creatures each get +2/+0 and gain vigilance "
                            "and haste until end of turn."),
         layout="transform", face_name="Invasion of Kylem", side="a"),
    face(_KYLEM, ["Sorcery"], text=("Create two 3/2 red and white Warrior creature tokens with \"Whenever this token "
                                    "and at least one other creature token attack, put a +1/+1 counter on this "
                                    "token.\""),
         layout="transform", face_name="Valor's Reach Tag Team", side="b", cost=None)]
ENSOUL_ARTIFACT = [face("Ensoul Artifact", ["Enchantment"], subtypes=["Aura"], keywords=["Enchant"],
                        text=("Enchant artifact\nEnchanted artifact is a creature with base power and toughness 5/5 "
                              "in addition to its other types."))]
_REGATHA = "Invasion of Regatha // Disciples of the Inferno"
# Invasion of Regatha {2}{R}, Battle — Siege, defense 5 (cost {0} here, as every card)
INVASION_OF_REGATHA = [
    face(_REGATHA, ["Battle"], subtypes=["Siege"], defense=5,
         text=SIEGE_TEXT + ("\nWhen this Siege enters, it deals 4 damage to another target battle or opponent and 1 "
                            "damage to up to one target creature."),
         layout="transform", face_name="Invasion of Regatha", side="a"),
    face(_REGATHA, ["Creature"], subtypes=["Human", "Monk"], power=4, toughness=4, keywords=["Prowess"],
         text=("Prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.)\nIf a "
               "noncreature source you control would deal damage to a creature, battle, or opponent, it deals that "
               "much damage plus 2 instead."),
         layout="transform", face_name="Disciples of the Inferno", side="b", cost=None)]
ELITE_VANGUARD = [face("Elite Vanguard", ["Creature"], subtypes=["Human", "Soldier"], power=2, toughness=1)]
WALL_OF_WOOD = [face("Wall of Wood", ["Creature"], subtypes=["Wall"], power=0, toughness=3, text="Defender",
                     keywords=["Defender"])]
_IKORIA = "Invasion of Ikoria // Zilortha, Apex of Ikoria"
# Invasion of Ikoria {X}{G}{G}, Colossal Dreadmaw {4}{G}{G}, Wall of Wood {G}, Confiscate {4}{U}
# (cost {0} here, as every card)
INVASION_OF_IKORIA = [
    face(_IKORIA, ["Battle"], subtypes=["Siege"], defense=6,
         text=SIEGE_TEXT + ("\nWhen this Siege enters, search your library and/or graveyard for a non-Human creature "
                            "card with mana value X or less and put it onto the battlefield. If you search your "
                            "library this way, shuffle."),
         layout="transform", face_name="Invasion of Ikoria", side="a"),
    face(_IKORIA, ["Creature"], subtypes=["Dinosaur"], power=8, toughness=8, keywords=["Reach", "Trample"],
         text=("Reach, trample\nFor each non-Human creature you control, you may have that creature assign its "
               "combat damage as though it weren't blocked."),
         layout="transform", face_name="Zilortha, Apex of Ikoria", side="b", cost=None)]
INVASION_OF_IKORIA[1]["supertypes"] = ["Legendary"]
CONFISCATE = [face("Confiscate", ["Enchantment"], subtypes=["Aura"], keywords=["Enchant"],
                   text="Enchant permanent\nYou control enchanted permanent.")]
