/* Four players:
   battlecheck check --preset default --players 4 --hand 4= --no-concede --no-symmetry
   Seat 1 (P1): battlefield bear, trampler; hand siege, bolt.
   Seats 2 and 3 (P2, P3): battlefield bear; hand steal.
   Seat 4 (P4): battlefield bear; an empty hand.
   Objects are numbered like the Rust setup: per seat, battlefield then hand. */
#define NP 4
#define NO 9
#define TURNS 1
#define LIFE 20
#define DEFENSE 2

/* #0 bear, #1 trampler, #2 siege, #3 bolt (P1); #4 bear, #5 steal (P2);
   #6 bear, #7 steal (P3); #8 bear (P4) */
#define KIND(o)  ((o) == 1 -> K_TRAMPLER : ((o) == 2 -> K_SIEGE : ((o) == 3 -> K_BOLT : ((o) == 5 || (o) == 7 -> K_STEAL : K_BEAR))))
#define OWNER(o) ((o) < 4 -> 0 : ((o) < 6 -> 1 : ((o) < 8 -> 2 : 3)))
#define START(o) ((o) == 2 || (o) == 3 || (o) == 5 || (o) == 7 -> HAND : BF)

#include "battle.pml"
