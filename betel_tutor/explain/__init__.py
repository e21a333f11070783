"""Step-by-step explanations of a trick, the legal cards, a score and an auction.

An explanation is a frozen value: the facts (the winner, the legal cards, the scores, the final
contract) and ``steps``, message keys with parameters that are put into words only on demand,
in English or Polish. ``to_json()`` gives the same as plain data. The library never prints.

>>> from betel_tutor.cards import parse_cards
>>> why = explain_trick(parse_cards("♥Q ♥K ♠7"), trump="♠")
>>> why.winner, str(why.card)
(2, '♠7')
>>> print("\\n".join(why.lines("en")))
Three cards: a Betel trick
Trumps: ♠
♥Q leads: ♥ is the suit led
♥K beats ♥Q: same suit, higher
♠7 is a trump: it beats ♥K, which is not a trump
♠7 wins the trick (card 3)
>>> explain_score("1NT", (6, 3, 1)).to_json()["scores"]
[20, 15, 5]
"""

from betel_tutor.explain.auction import AuctionExplanation, explain_auction, parse_calls
from betel_tutor.explain.legal import LegalExplanation, Refusal, explain_legal
from betel_tutor.explain.score import ScoreExplanation, explain_score, parse_tricks
from betel_tutor.explain.steps import Explanation, Step
from betel_tutor.explain.summary import RulesSummary, rules_summary
from betel_tutor.explain.trick import TrickExplanation, explain_trick

__all__ = [
    "AuctionExplanation",
    "Explanation",
    "LegalExplanation",
    "Refusal",
    "RulesSummary",
    "ScoreExplanation",
    "Step",
    "TrickExplanation",
    "explain_auction",
    "explain_legal",
    "explain_score",
    "explain_trick",
    "parse_calls",
    "parse_tricks",
    "rules_summary",
]
