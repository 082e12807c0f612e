"""The Last Cat table (CONTRIBUTING.md, "Add a game", step 4)."""
import ipywidgets

from catcards.render import cards_html
from catcards.widgets.table import GameTable, table_for


@table_for("last-cat")
class LastCatTable(GameTable):
    """Draws the pile's size and the cards each seat has taken."""

    def board(self, obs):
        rows = [f"<p>{obs['pile_size']} cards on the pile</p>"]
        for seat, cards in enumerate(obs["taken"]):
            rows.append(f"<p>{self.seat_label(seat)}: {cards_html(cards)}</p>")
        return ipywidgets.HTML("".join(rows))
