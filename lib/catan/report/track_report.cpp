// The belief's figures per player as JSON and text (track_report.hpp).
#include <catan/io/event_json.hpp>
#include <catan/report/track_report.hpp>

#include <catan/io/output.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace ctk {

namespace {

double to_double(const Probability& p) {
    return p.convert_to<double>();
}

// Every resource named, zero counts included (the --hands contract).
nlohmann::json full_hand(const ResourceCounts& h) {
    return every_resource_json(h);
}

nlohmann::json dev_json(const std::array<int, kDevCardKinds>& d) {
    nlohmann::json j = nlohmann::json::object();
    for (int k = 0; k < kDevCardKinds; ++k)
        if (d[k] > 0) j[std::string(dev_card_name(static_cast<DevCard>(k)))] = d[k];
    return j;
}

std::size_t listed(std::size_t n, int limit) {
    return limit > 0 ? std::min(n, static_cast<std::size_t>(limit)) : n;
}

std::string hand_text(const ResourceCounts& h) {
    std::string s;
    for (Resource r : kResources)
        if (int n = h[static_cast<int>(r)])
            s += fmt::format("{}{} {}", s.empty() ? "" : ", ", n, resource_name(r));
    return s.empty() ? "nothing" : s;
}

std::string range(int lo, int hi) {
    return lo == hi ? fmt::format("{}", lo) : fmt::format("{}..{}", lo, hi);
}

// Past the bound: per player the hand size and each resource's guaranteed bounds.
std::string bounds_text(const Belief& b, const std::vector<Seat>& seats) {
    std::string out;
    for (const PlayerBelief& pb : player_beliefs(b)) {
        const std::string name = printable(seat_name(seats, pb.player));
        if (pb.hands.size() == 1) {
            out += fmt::format("  {}: {}\n", name, hand_text(pb.hands.front().hand));
            continue;
        }
        std::string bounds;
        for (Resource r : kResources) {
            const int i = static_cast<int>(r);
            bounds += fmt::format("{}{} {}", bounds.empty() ? "" : ", ", resource_name(r),
                                  range(pb.min[i], pb.max[i]));
        }
        out += fmt::format("  {}: {} cards; {}\n", name, range(pb.cards_min, pb.cards_max), bounds);
    }
    return out;
}

}  // namespace

nlohmann::json belief_to_json(const Belief& b, const std::vector<Seat>& seats,
                              const HandsOptions& opt) {
    using nlohmann::json;
    json players = json::array();
    for (const PlayerBelief& pb : player_beliefs(b)) {
        json hands = json::array();
        const std::size_t n = listed(pb.hands.size(), opt.limit);
        Probability rest = 0;
        for (std::size_t i = 0; i < pb.hands.size(); ++i) {
            if (i < n)
                hands.push_back({{"hand", full_hand(pb.hands[i].hand)},
                                 {"probability", to_double(pb.hands[i].probability)}});
            else
                rest += pb.hands[i].probability;
        }
        if (!pb.exact && pb.hands.empty()) rest = 1;  // past the bound: no hand listed
        json resources = json::object();
        for (Resource r : kResources) {
            const int i = static_cast<int>(r);
            json bounds = {{"min", pb.min[i]}, {"max", pb.max[i]}};
            if (pb.exact) {
                json dist = json::array();
                for (const Probability& p : pb.distribution[i]) dist.push_back(to_double(p));
                bounds["distribution"] = std::move(dist);
            }
            resources[std::string(resource_name(r))] = std::move(bounds);
        }
        json devs = json::array();
        for (const DevCardOdds& d : pb.dev_cards)
            devs.push_back(
                {{"cards", dev_json(d.cards)}, {"probability", to_double(d.probability)}});
        const bool certain = pb.hands.size() == 1;
        json p = {{"player", seat_name(seats, pb.player)},
                  {"certain", certain},
                  {"cards", pb.cards_min == pb.cards_max ? json(pb.cards_min) : json()},
                  {"possible_hands", std::move(hands)},
                  {"remaining_probability", to_double(rest)},
                  {"resources", std::move(resources)},
                  {"development_cards", std::move(devs)}};
        if (certain) p["hand"] = full_hand(pb.hands.front().hand);
        players.push_back(std::move(p));
    }
    json out = {{"states", b.size()}, {"exact", b.exact()}};
    if (auto from = b.inexact_from()) out["inexact_from"] = *from;
    out["players"] = std::move(players);
    return out;
}

std::string belief_to_text(const Belief& b, const std::vector<Seat>& seats,
                           const HandsOptions& opt) {
    if (auto from = b.inexact_from())
        return fmt::format(
                   "not exact from event {}: the possible states passed the bound there; each "
                   "count is between guaranteed bounds\n",
                   *from) +
               bounds_text(b, seats);
    std::string out = fmt::format("{} possible state{}\n", b.size(), b.size() == 1 ? "" : "s");
    for (const PlayerBelief& pb : player_beliefs(b)) {
        const std::string name = printable(seat_name(seats, pb.player));
        if (pb.hands.size() == 1) {
            out += fmt::format("  {}: {}\n", name, hand_text(pb.hands.front().hand));
        } else {
            out += fmt::format("  {}: {} possible hands\n", name, pb.hands.size());
            const std::size_t n = listed(pb.hands.size(), opt.limit);
            Probability rest = 0;
            for (std::size_t i = 0; i < pb.hands.size(); ++i) {
                if (i < n)
                    out +=
                        fmt::format("    {:6.2f}%  {}\n", 100 * to_double(pb.hands[i].probability),
                                    hand_text(pb.hands[i].hand));
                else
                    rest += pb.hands[i].probability;
            }
            if (n < pb.hands.size())
                out += fmt::format("    {:6.2f}%  {} other hands\n", 100 * to_double(rest),
                                   pb.hands.size() - n);
            std::string bounds;
            for (Resource r : kResources) {
                const int i = static_cast<int>(r);
                bounds += fmt::format("{}{} {}", bounds.empty() ? "" : ", ", resource_name(r),
                                      pb.min[i] == pb.max[i]
                                          ? fmt::format("{}", pb.min[i])
                                          : fmt::format("{}..{}", pb.min[i], pb.max[i]));
            }
            out += fmt::format("    bounds: {}\n", bounds);
        }
        if (pb.dev_cards.size() > 1) {
            out += "    development cards:";
            for (const DevCardOdds& d : pb.dev_cards) {
                std::string held;
                for (int k = 0; k < kDevCardKinds; ++k)
                    if (d.cards[k])
                        held += fmt::format("{}{} {}", held.empty() ? "" : " + ", d.cards[k],
                                            dev_card_name(static_cast<DevCard>(k)));
                out += fmt::format(" {} {:.2f}%;", held.empty() ? "none" : held,
                                   100 * to_double(d.probability));
            }
            out.back() = '\n';
        }
    }
    return out;
}

}  // namespace ctk
