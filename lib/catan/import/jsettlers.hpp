#pragma once
// Importer for JSettlers2's game event log (2.5 and later, `.soclog`, "SOC game event log:
// type=F|C, version=NNNN, ..." header; data README section 2.3): text in, native GameLog
// out. Never prints.
//
// The format. After the header, each entry is `[m:ss.ddd:]AUDIENCE:MessageClass:fields`
// ("#" comments and blank lines between). AUDIENCE says who the server sent the message
// to: `all`, `pN` (seat N only), `!pN` / `!p[a, b]` (everyone but them), `ob` (observers),
// `un` (undetermined); a type F log also holds what clients sent (`fN`, `fo`). Messages are
// JSettlers' own (one per line, in the order the server handled them), documented in its
// repository's doc/Message-Sequences-for-Game-Actions.md.
//
// What becomes an event: only what the server announced, once — `fN`/`fo` requests and
// the `ob`/`un` copies are skipped; of a message sent privately, the `pN` copy (to the
// player it is about) carries the truth and the masked `!p` copy to the others that follows
// it is skipped. So a type F and a type C log of the same game import to the same log. The
// log of one client (only the entries whose audience includes its seat: `all`, its `pN`,
// the `!p` copies that do not exclude it) imports too, with what that seat could not see
// written null: the cards the others drew, the resource stolen in a robbery it took no
// part in, the cards the others discarded (their count stays).
//   board:     SOCBoardLayout (v1 encoding, the 4-player board) or SOCBoardLayout2 with
//              bef=2 (the 6-player board), coordinates in import/detail/jsettlers_board.hpp;
//   players:   the seats that place in the setup, in the order of their first settlement
//              (Seat::source_seat = the JSettlers seat, name = its SOCSitDown nickname);
//   setup:     SOCPutPiece in game states 5..11 -> place_settlement / place_road; a
//              settlement the server takes back (SOCCancelBuildRequest to all, the setup
//              turn of a player whose road could not be placed) is removed again;
//   turns:     SOCTurn hands the turn on -> end_turn; SOCTurn with gameState 100 opens a
//              special building part -> special_build (its own end_turn closes it);
//   roll:      SOCDiceResult -> roll (the sum: the log has no single dice);
//   robber:    SOCMoveRobber, then the thief's or victim's SOCRobberyResult -> move_robber
//              with the victim and the card;
//   discard:   SOCDiscard to the discarding seat -> discard;
//   trades:    SOCBankTrade -> trade_bank; SOCAcceptOffer (the trade done) -> trade_player
//              (offers, rejections and cancellations are not imported);
//   builds:    SOCPutPiece -> build_road / build_settlement / build_city (free roads after
//              a Road Building card included);
//   cards:     SOCDevCardAction DRAW to the buyer -> buy_dev_card with the card; PLAY ->
//              play_knight / play_road_building; Year of Plenty with SOCPickResources,
//              Monopoly with SOCSimpleAction RSRC_TYPE_MONOPOLIZED.
// Claims, so replay cross-checks the import: each roll's production
// (SOCDiceResultResources) as `received`, the hands the server then sets (SOCPlayerElements
// SET to each gaining seat) as `hands`, longest road and largest army holders
// (SOCGameElements) after the event that changed them, and at the end the final scores
// (SOCGameStats) as `vp` and the winner (">>> X has won the game").
//
// Game options (SOCNewGameWithOptions): VP (points to win) becomes GameOptions::vp_to_win;
// PL, PLB, PLP, BC, UB, UBL and the internal/debug options do not change the rules; options
// that change them beyond what this toolkit models are refused by name: SBL (sea board), SC
// and _SC_* (scenarios), N7 / N7C (no 7s at first), RD (robber never back to the desert),
// NT (no trading between players). An option this importer does not know is refused too.
// A log that stops before the end imports as far as it goes; GameLog::source then says
// "unfinished".

#include <string_view>

#include <catan/engine/event.hpp>

namespace ctk {

// True when the first line that is neither blank nor a "#" comment is a "SOC game event
// log:" header.
bool looks_like_jsettlers(std::string_view text);

// Converts a whole game event log. `name` prefixes messages. Throws InputError
// "<name>:<line>: <what>" for anything it cannot map: no or a malformed header, a type
// other than F or C, an entry without audience or message class, an unknown message class,
// a field missing or not a number, a coordinate off the board, a code out of range, a game
// option that changes the rules beyond this toolkit (named), a sea board, a log without
// board or setup.
GameLog import_jsettlers(std::string_view text, std::string_view name);

}  // namespace ctk
