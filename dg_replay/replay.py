"""Re-execute one David & Goliath log from its recorded plays and check every claim.

The rules and every ruling are in docs/games/david-goliath/rulings.md.

Claims are checked, never trusted. After an illegal play the replay goes on with the play as recorded
(the card leaves the hand if it was there; the trick is resolved from the cards actually played), so
one report lists every error with its trick, play, player and JSON pointer.
"""

from __future__ import annotations

from dg_replay.cards import COLOR_NAMES, COLORS, Card
from dg_replay.reader import GameLog, Play, Trick, finding
from dg_replay.report import GameReport, TrickRecord
from dg_replay.rules import (
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TRICKS_PER_GAME,
    Rules,
    Tally,
    resolve_trick,
    winners,
)
from replaykit.engine import DETAILED_FINDINGS
from replaykit.findings import ERROR, WARNING, Finding, pointer


def seating_of(players: list[str]) -> tuple[str, ...]:
    """Seats in order; a repeated name (itself an error) keeps its first seat."""
    return tuple(dict.fromkeys(players))


def _cards(cards: list[Card]) -> str:
    return " ".join(str(card) for card in cards) or "nothing"


class GameReplay:
    """One pass over one log. ``run()`` returns the report; findings are appended as they are met."""

    def __init__(self, log: GameLog, findings: list[Finding]) -> None:
        self.log = log
        self.findings = findings
        self.rules = Rules(seating_of(log.players or []))
        self.deck_known = self.rules.deck_defined
        self.seats = frozenset(self.rules.seating)
        # Outside 3–6 players there is no deck to be outside of.
        self.top = self.rules.max_value if self.deck_known else float("inf")
        self.hands: dict[str, set[Card]] = {}
        self.hand_colors: dict[str, dict[str, int]] = {}  # cards of each colour still in a known hand
        self.played: dict[Card, int] = {}  # card -> the trick it was first played in
        self.tallies = {name: Tally() for name in self.rules.seating}
        self.scores = dict.fromkeys(self.rules.seating, 0)
        self.every_trick_resolved = True
        self.unlisted = 0  # errors past DETAILED_FINDINGS, counted only (the report's cap adds them in)

    def add(self, code: str, message: str, path: str, trick: int | None = None, play: int | None = None,
            player: str | None = None, severity: str = ERROR) -> None:
        if severity == ERROR and len(self.findings) >= DETAILED_FINDINGS:
            self.unlisted += 1
            return
        self.findings.append(finding(code, severity, message, trick, play, player, path))

    # -- the whole game --------------------------------------------------------------------------

    def run(self) -> GameReport:
        log, rules = self.log, self.rules
        report = GameReport(list(rules.seating), self.findings, log.dealer, log.meta,
                            claimed_scores=log.scores, claimed_winners=log.winners)
        if log.hands is not None:
            report.hands = {name: [card for card in cards if card is not None] for name, cards in log.hands.items()}
        if log.players is None:
            return report
        self.check_players(log.players)
        dealer = log.dealer if rules.is_player(log.dealer) else None
        if log.dealer is not None and dealer is None:
            self.add("unknown-player", f'The dealer "{log.dealer}" is not one of the players.', "/dealer")
        if log.hands is not None:
            self.check_hands(log.hands)
        # Later plays are evidence only for players whose hand the deal does not show.
        needs_proof = self.deck_known and any(name not in self.hands for name in rules.seating)
        proof = self.proof_of_holding(log.tricks) if needs_proof else {}
        due = rules.left_of(dealer) if dealer else None
        position = 0
        for index, trick in enumerate(log.tricks):
            record = TrickRecord(index + 1, trick.plays, trick.note, trick.captures)
            report.tricks.append(record)
            due = self.play_trick(trick, record, due, position, proof, index == len(log.tricks) - 1)
            position += len(trick.plays)
        report.complete = len(log.tricks) == TRICKS_PER_GAME and all(
            len(trick.plays) == rules.player_count for trick in log.tricks)
        if len(log.tricks) < TRICKS_PER_GAME:
            self.add("incomplete-game", f"The log has {len(log.tricks)} of {TRICKS_PER_GAME} tricks: the game "
                     "is unfinished, so scores and winners are those so far.", "/tricks", severity=WARNING)
        report.scores = dict(self.scores)
        report.winners = winners(self.scores, rules.seating)
        report.scored = self.every_trick_resolved
        if report.scored:
            self.check_result_claims(report, so_far="" if report.complete else " so far")
        report.unlisted = self.unlisted
        return report

    def check_players(self, players: list[str]) -> None:
        count = len(self.rules.seating)  # a name listed twice is one person (and a duplicate-player error)
        if not self.deck_known:
            self.add("player-count", f"David & Goliath is for {MIN_PLAYERS} to {MAX_PLAYERS} players; this log "
                     f"has {count}, so the deck "
                     "is unknown and deck and hand checks are skipped.", "/players")
        seen = set()
        for index, name in enumerate(players):
            if name in seen:
                self.add("duplicate-player", f'"{name}" is listed twice among the players.',
                         pointer("players", index), player=name)
            seen.add(name)

    def check_hands(self, hands: dict[str, list[Card | None]]) -> None:
        rules = self.rules
        for name in hands:
            if not rules.is_player(name):
                self.add("unknown-player", f'The deal gives a hand to "{name}", who is not a player.',
                         pointer("hands", name))
        if not self.deck_known:
            return
        for name in rules.seating:
            if name not in hands:
                self.add("hand-size", f"The deal gives no hand to {name}; every player is dealt "
                         f"{HAND_SIZE} cards.", "/hands", player=name)
            elif len(hands[name]) != HAND_SIZE:
                self.add("hand-size", f"{name}'s hand has {len(hands[name])} cards; every player is dealt "
                         f"{HAND_SIZE}.", pointer("hands", name), player=name)
        dealt: set[Card] = set()
        for name, cards in hands.items():
            owner = name if rules.is_player(name) else None
            for index, card in enumerate(cards):
                if card is None:
                    continue
                if card.value > rules.max_value:
                    self.add("card-not-in-deck", self.not_in_deck(card), pointer("hands", name, index), player=owner)
                elif card in dealt:
                    self.add("duplicate-card", f"{card} is dealt twice; every card is unique.",
                             pointer("hands", name, index), player=owner)
                dealt.add(card)
            if owner is not None:
                self.hands[owner] = hand = {card for card in cards if card is not None}
                self.hand_colors[owner] = colors = dict.fromkeys(COLORS, 0)
                for card in hand:
                    colors[card.color] += 1

    def not_in_deck(self, card: Card) -> str:
        return (f"{card} is not in the {self.rules.player_count}-player deck, whose values run from 1 to "
                f"{self.rules.max_value}.")

    def proof_of_holding(self, tricks: list[Trick]) -> dict[str, dict[str, tuple[int, int, Card]]]:
        """For each player and colour, the last play that proves they held that colour until then.

        Only a card's first appearance proves anything, and only a card of the deck (a ruling):
        a card played twice may have been played by the wrong player either time.
        """
        proof: dict[str, dict[str, tuple[int, int, Card]]] = {}
        seen: set[Card] = set()
        position = 0
        for number, trick in enumerate(tricks, 1):
            for play in trick.plays:
                card = play.card
                if card is not None and card not in seen:
                    seen.add(card)
                    if play.player is not None and card.value <= self.rules.max_value:
                        proof.setdefault(play.player, {})[card.color] = (position, number, card)
                position += 1
        return proof

    # -- one trick -------------------------------------------------------------------------------

    def play_trick(self, trick: Trick, record: TrickRecord, due: str | None, position: int,
                   proof: dict, is_last: bool) -> str | None:
        """Check and resolve one trick; returns who must lead the next one (``None``: unknowable)."""
        rules, number, plays = self.rules, record.number, trick.plays
        base = f"/tricks/{number - 1}"
        beyond = number > TRICKS_PER_GAME
        if not trick.readable:
            self.every_trick_resolved = False  # who played what is unknown: the result cannot be known
        if number == TRICKS_PER_GAME + 1:
            self.add("too-many-tricks", f"A game has {TRICKS_PER_GAME} tricks; trick {number} and any after it "
                     "are checked for illegal plays but not scored.", base, number)
        first = plays[0].player if plays else None
        first_known = first in self.seats
        if due is not None and first_known and first != due:
            reason = ("the player to the dealer's left leads the first trick" if number == 1
                      else f"{due} played the highest card of trick {number - 1}")
            self.add("wrong-leader", f"Trick {number} is led by {first}, but {due} should lead: {reason}.",
                     base + "/plays/0", number, 1, first)
        order = rules.turn_order(first) if first_known else ()  # type: ignore[arg-type]
        size = len(self.seats)
        if len(plays) != size and not beyond and trick.readable:  # unreadable plays: the schema finding says it
            unfinished = is_last and len(plays) < size
            what = ("is unfinished: the game stops mid-trick, so it is not scored" if unfinished
                    else f"should have one play per player ({size})")
            self.add("trick-size", f"Trick {number} has {len(plays)} plays and {what}.", base + "/plays",
                     number, severity=WARNING if unfinished else ERROR)
        led = plays[0].card if plays else None
        readable = True
        for index, play in enumerate(plays):
            self.check_play(play, index, number, base, order, led, position + index, proof)
            readable = readable and play.player is not None and play.card is not None
        if beyond:
            return None
        if not plays or (is_last and len(plays) < size):
            self.check_capture_claim(trick, record, base)
            return None
        if not readable:
            self.every_trick_resolved = False  # a schema problem hides who played what
            return None
        self.resolve(record)
        self.check_capture_claim(trick, record, base)
        high_player = record.player_at(record.high)
        return high_player if high_player in self.seats else None

    def check_play(self, play: Play, index: int, number: int, base: str, order: tuple[str, ...],
                   led: Card | None, position: int, proof: dict) -> None:
        player, card = play.player, play.card
        known = player in self.seats
        if player is not None and not known:
            self.add("unknown-player", f'Trick {number}, play {index + 1} is by "{player}", who is not a player.',
                     f"{base}/plays/{index}/player", number, index + 1, player)
        elif known and index < len(order) and player != order[index]:
            self.add("wrong-turn", f"Play {index + 1} of trick {number} is {player}'s, but it was "
                     f"{order[index]}'s turn: play goes clockwise from {order[0]}.", f"{base}/plays/{index}",
                     number, index + 1, player)
        if card is None:
            return
        hand = self.hands.get(player) if known else None  # type: ignore[arg-type]
        if card.value > self.top:
            self.add("card-not-in-deck", self.not_in_deck(card), f"{base}/plays/{index}/card", number, index + 1,
                     player)
        elif card in self.played:
            self.add("card-already-played", f"{player} plays {card}, which was already played in trick "
                     f"{self.played[card]}.", f"{base}/plays/{index}/card", number, index + 1, player)
        elif hand is not None and card not in hand:
            self.add("card-not-in-hand", f"{player} plays {card}, which is not in {player}'s hand.",
                     f"{base}/plays/{index}/card", number, index + 1, player)
        if known and index and led is not None and card.color != led.color and self.deck_known:
            held = self.held_color(player, led.color, position, proof)  # type: ignore[arg-type]
            if held:
                self.add("must-follow-suit", f"{player} plays {card} on a {COLOR_NAMES[led.color]} lead while "
                         f"holding {COLOR_NAMES[led.color]} ({held}).", f"{base}/plays/{index}/card", number,
                         index + 1, player)
        if card not in self.played:
            self.played[card] = number
        if hand is not None and card in hand:
            hand.remove(card)
            self.hand_colors[player][card.color] -= 1  # type: ignore[index]

    def held_color(self, player: str, color: str, position: int, proof: dict) -> str | None:
        """Evidence that ``player`` still held ``color`` before this play, or ``None``: never a guess."""
        hand = self.hands.get(player)
        if hand is not None:
            if not self.hand_colors[player][color]:
                return None
            cards = sorted(card for card in hand if card.color == color)
            return f"the deal shows {_cards(cards)} still in hand"
        later = proof.get(player, {}).get(color)
        if later is not None and later[0] > position:
            return f"{later[2]}, played later in trick {later[1]}"
        return None

    def resolve(self, record: TrickRecord) -> None:
        outcome = resolve_trick(record.plays)  # type: ignore[arg-type]
        record.resolved = True
        record.high, record.low, record.captures = outcome.high, outcome.low, outcome.captures
        for name, cards in outcome.captures.items():
            tally = self.tallies.get(name)
            if tally is not None:  # cards taken by someone who is not a player score for nobody
                self.scores[name] = tally.take(cards)
        record.scores_after = dict(self.scores)

    # -- claims ----------------------------------------------------------------------------------

    def check_capture_claim(self, trick: Trick, record: TrickRecord, base: str) -> None:
        claim = trick.captures
        if claim is None:
            return
        number, path = record.number, base + "/captures"
        top = self.rules.max_value if self.deck_known else None
        for name, cards in claim.items():
            known = self.rules.is_player(name)
            if not known:
                self.add("unknown-player", f'Trick {number} claims captures for "{name}", who is not a player.',
                         path + pointer(name), number)
            for index, card in enumerate(cards):
                if top is not None and card.value > top:
                    self.add("card-not-in-deck", self.not_in_deck(card), path + pointer(name, index), number,
                             player=name if known else None)
        if claim == record.captures:
            return  # written in the order the rules take them, as most software does
        # Multisets compared as sorted lists: the same cards in any order are the same claim.
        claimed = {name: sorted(cards) for name, cards in claim.items() if cards}
        actual = {name: sorted(cards) for name, cards in record.captures.items() if cards}
        if claimed != actual:
            truth = "; ".join(f"{name} takes {_cards(cards)}" for name, cards in record.captures.items())
            truth = truth or "nobody takes anything yet, because the trick is unfinished"
            self.add("capture-mismatch", f"Trick {number}'s claimed captures are wrong: {truth}.", path, number)

    def check_result_claims(self, report: GameReport, so_far: str) -> None:
        rules, log = self.rules, self.log
        for name, claimed in (log.scores or {}).items():
            if not rules.is_player(name):
                self.add("unknown-player", f'A score is claimed for "{name}", who is not a player.',
                         pointer("scores", name))
            elif claimed != report.scores[name]:
                self.add("score-mismatch", f"{name}'s score is claimed as {claimed}, but the captured cards score "
                         f"{report.scores[name]}{so_far}.", pointer("scores", name), player=name)
        if log.winners is None:
            return
        for index, name in enumerate(log.winners):
            if not rules.is_player(name):
                self.add("unknown-player", f'"{name}" is claimed as a winner but is not a player.',
                         pointer("winners", index))
        if set(log.winners) != set(report.winners):
            tie = len(report.winners) > 1
            verdict = " and ".join(report.winners) + (" share the win (a ruling of this service)" if tie else " wins")
            self.add("winner-mismatch", f"The claimed winners ({', '.join(log.winners) or 'none'}) are wrong: "
                     f"{verdict}{so_far}.", "/winners")


def replay_game(log: GameLog, findings: list[Finding]) -> GameReport:
    return GameReplay(log, findings).run()
