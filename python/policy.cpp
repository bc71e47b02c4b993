// catan.policy(name): the toolkit's players (lib/catan/agent/policy.hpp: random, builder,
// greedy; search.hpp: search) choosing the action of the player to act in a catan.Env, as
// catan-sim's seats choose their moves.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <catan/agent/policy.hpp>
#include <catan/agent/search.hpp>
#include <catan/engine/rules.hpp>

#include <pybind11/stl.h>

#include "convert.hpp"
#include "env_core.hpp"
#include "policy.hpp"

namespace ctk::py {

namespace {

// One policy; a search policy also follows the games it is asked about (a search agent per
// seat it plays, fed the env's events as they come, with the state before each).
class PolicyObject {
  public:
    PolicyObject(Policy policy, std::uint64_t seed, const SearchOptions& search)
        : policy_(policy), seed_(seed), search_(search), rng_(seed) {}
    PolicyObject(const PolicyObject&) = delete;
    PolicyObject& operator=(const PolicyObject&) = delete;

    struct Choice {
        int action = 0;
        std::optional<ResourceCounts> discard;  // the cards, when the action is a discard
    };

    // The choice for the player to act in env: the decision's legal moves as self-play
    // has them (the special builds of players who could then only end the part dropped),
    // the policy's move among them, and for a discard the policy's cards.
    Choice choose(const EnvCore& env) {
        if (env.done()) throw InputError("policy: the game is over (call reset)");
        const GameState& s = env.state();
        legal_set(s, set_);
        drop_empty_special_builds(s, set_);
        if (set_.empty()) legal_set(s, set_);
        const PlayerId who = decider(s, set_);
        SearchAgent* agent = policy_ == Policy::kSearch ? follow(env, who) : nullptr;
        const std::size_t k =
            agent ? agent->choose(set_) : choose_move(policy_, s, set_, who, rng_);
        const MoveCode m = set_.at(k);
        Choice c{env.space().index(m), std::nullopt};
        if (m.type == event_type_index<Discard>())
            c.discard = agent ? agent->discard() : choose_discard(policy_, s, m.player, rng_);
        return c;
    }

    std::string name() const { return std::string(policy_name(policy_)); }
    std::string repr() const {
        if (policy_ != Policy::kSearch)
            return fmt::format("catan.policy('{}', seed={})", name(), seed_);
        return fmt::format(
            "catan.policy('search', seed={}, rollouts={}, horizon={}, candidates={}, "
            "rollout='{}', max_states={})",
            seed_, search_.rollouts, search_.horizon, search_.candidates,
            policy_name(search_.rollout), search_.max_states);
    }

  private:
    // The search agent of seat `who` in env's game, made when first asked and fed every
    // event of the game so far; all of them made anew when env or its game changed.
    SearchAgent* follow(const EnvCore& env, PlayerId who) {
        const GameLog& log = env.log();
        if (env_ != &env || env_starts_ != env.starts()) {
            followers_.clear();
            followers_.resize(static_cast<std::size_t>(players_of(env)));
            env_ = &env;
            env_starts_ = env.starts();
        }
        auto& f = followers_[static_cast<std::size_t>(who)];
        if (!f) {
            f = std::make_unique<Follower>(
                Follower{std::make_unique<SearchAgent>(log, who, search_, rng_.next()),
                         GameState(env.state().board_ptr(), players_of(env), log.options), 0});
        }
        for (; f->observed < log.events.size(); ++f->observed) {
            const Event& e = log.events[f->observed];
            f->agent->observe(e, &f->before);
            apply(f->before, e);
        }
        return f->agent.get();
    }
    static int players_of(const EnvCore& env) { return env.state().player_count(); }

    struct Follower {
        std::unique_ptr<SearchAgent> agent;
        GameState before;  // the game's state after the events observed
        std::size_t observed = 0;
    };

    Policy policy_;
    std::uint64_t seed_;
    SearchOptions search_;
    Rng rng_;
    LegalSet set_;
    const EnvCore* env_ = nullptr;
    std::uint64_t env_starts_ = 0;
    std::vector<std::unique_ptr<Follower>> followers_;
};

// catan.policy's keyword options: search's only.
SearchOptions search_options(Policy policy, const pyb::kwargs& kw) {
    SearchOptions o;
    for (const auto& [key_obj, value] : kw) {
        const std::string key = pyb::str(key_obj).cast<std::string>();
        if (policy != Policy::kSearch)
            throw InputError(fmt::format("{}: an option of the search policy only", key));
        auto number = [&](int lo, int hi) {
            const long long n = value.cast<long long>();
            if (n < lo || n > hi)
                throw InputError(fmt::format("{}: expected {}..{}, got {}", key, lo, hi, n));
            return static_cast<int>(n);
        };
        if (key == "rollouts")
            o.rollouts = number(1, 1000000);
        else if (key == "horizon")
            o.horizon = number(1, 10000);
        else if (key == "candidates")
            o.candidates = number(1, 512);
        else if (key == "max_states")
            o.max_states = static_cast<std::size_t>(number(1, 100000000));
        else if (key == "rollout") {
            o.rollout = parse_policy(value.cast<std::string>());
            if (o.rollout == Policy::kSearch)
                throw InputError("rollout: expected random, builder or greedy, got \"search\"");
        } else
            throw InputError(fmt::format(
                "{}: unknown option (expected rollouts, horizon, candidates, rollout, max_states)",
                key));
    }
    return o;
}

}  // namespace

// Env.step(policy): the policy's action, its discard's cards included.
float step_with_policy(EnvCore& env, const pyb::object& policy) {
    auto& p = policy.cast<PolicyObject&>();
    const auto c = p.choose(env);
    return env.step(c.action, c.discard ? &*c.discard : nullptr);
}

bool is_policy(const pyb::object& o) {
    return pyb::isinstance<PolicyObject>(o);
}

void bind_policy(pyb::module_& m) {
    pyb::class_<PolicyObject>(m, "Policy",
                              "A player of the toolkit (catan.policy) choosing actions in an Env.")
        .def(
            "act", [](PolicyObject& p, const EnvCore& env) { return p.choose(env).action; },
            pyb::arg("env"),
            "The action index this policy chooses for env's player to act (legal now). For a "
            "discard, env.step(policy) also plays the policy's cards; env.step(index) draws "
            "them at random.")
        .def_property_readonly("name", &PolicyObject::name)
        .def("__repr__", &PolicyObject::repr);
    m.def(
        "policy",
        [](const std::string& name, std::uint64_t seed, const pyb::kwargs& kw) {
            const Policy p = parse_policy(name);
            return std::make_unique<PolicyObject>(p, seed, search_options(p, kw));
        },
        pyb::arg("name"), pyb::arg("seed") = 1,
        "A player: 'random', 'builder', 'greedy' or 'search' (catan-sim --policies). seed: its "
        "random numbers (random, builder, the search's rollouts). Search's options: rollouts "
        "(100), horizon (4), candidates (5), rollout ('greedy'), max_states (2000).");
}

}  // namespace ctk::py
