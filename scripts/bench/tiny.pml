/* battlecheck check --preset tiny --no-concede --no-symmetry --threads 1
   Seat 1 (P1): battlefield bear, bear; hand siege.  Seat 2 (P2): battlefield bear.
   Objects are numbered like the Rust setup: per seat, battlefield then hand. */
#define NP 2
#define NO 4
#define TURNS 1
#define LIFE 20
#define DEFENSE 2

/*                 #0 bear        #1 bear        #2 siege        #3 bear  */
#define KIND(o)  ((o) == 2 -> K_SIEGE : K_BEAR)
#define OWNER(o) ((o) == 3 -> 1 : 0)
#define START(o) ((o) == 2 -> HAND : BF)

#include "battle.pml"
