"""Computer players of Last Cat (CONTRIBUTING.md, "Add a computer player")."""
from catcards.agents import Agent, strategy


@strategy("last-cat", "sensible")
class Sensible(Agent):
    """Leaves the next seat a multiple of 3 cards when it can (then it cannot lose with 2 seats);
    otherwise takes 1."""

    name = "sensible"

    def choose(self, observation, legal, rng):
        wanted = observation["pile_size"] % 3
        return next((a for a in legal if a.count == wanted), legal[0])
