// Variant ids (variants/registry.*): one canonical spelling per variant, so equal variants are stored and
// shown under equal ids; a component or option given twice, or a spec longer than kMaxVariantIdLength, is
// refused with the reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include <string>
#include <vector>

#include "variants/registry.hpp"

using namespace hc;

namespace {

std::string refusal(const std::string& spec) {
  try {
    make_variant(spec);
  } catch (const VariantError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(VariantId, AComponentGivenTwiceIsRefused) {
  EXPECT_EQ(refusal("chess+chess"), "variant id 'chess' given twice in 'chess+chess'");
  EXPECT_EQ(refusal("alice+alice"), "variant id 'alice' given twice in 'alice+alice'");
  // Through an alias: progressive-kamikaze is progressive+kamikaze.
  EXPECT_EQ(refusal("progressive-kamikaze+kamikaze"),
            "variant id 'kamikaze' given twice in 'progressive-kamikaze+kamikaze'");
}

TEST(VariantId, AnOptionGivenTwiceIsRefused) {
  EXPECT_EQ(refusal("alice:ep=none,ep=first"), "option 'ep' given twice in 'alice:ep=none,ep=first'");
}

TEST(VariantId, LongSpecsAreRefusedWithoutBeingQuoted) {
  std::string huge = "chess";
  while (huge.size() < 40000) huge += "+chess";
  const std::string why = refusal(huge);
  EXPECT_NE(why.find("variant id too long: 40001 characters (at most 200)"), std::string::npos) << why;
  EXPECT_LT(why.size(), 100u) << "the message does not quote the spec";
  EXPECT_NE(refusal(std::string(201, 'a')).find("too long"), std::string::npos);
  EXPECT_EQ(refusal(std::string(200, 'a')).find("too long"), std::string::npos) << "200 is allowed";
}

TEST(VariantId, EqualVariantsHaveOneId) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"chess", "chess"},
      {"alice+progressive", "progressive+alice"},
      {"atomic+marseillais", "marseillais+atomic"},
      {"kamikaze+progressive", "progressive-kamikaze"},
      {"progressive+kamikaze", "progressive-kamikaze"},
      {"alice+kamikaze+progressive", "progressive+kamikaze+alice"},
      {"chess+atomic", "atomic"},
      {"rifle:compulsory=true", "rifle"},  // the option restates rifle's own setting
      {"rifle:compulsory=false", "rifle:compulsory=false"},
      {"alice:madras-ep=both", "alice"},
      {"madras+alice:madras-ep=stepper-only,ep=none", "madras+alice:ep=none,madras-ep=stepper-only"},
      {"alice:", "alice"},
  };
  for (const auto& [given, canonical] : cases) {
    SCOPED_TRACE(given);
    Variant v = make_variant(given);
    EXPECT_EQ(v.id, canonical);
    Variant again = make_variant(v.id);
    EXPECT_EQ(again.id, v.id) << "canonical ids are fixed points";
    EXPECT_EQ(again.ops, v.ops) << "and name the same rules";
    EXPECT_EQ(again.rules.ep_when, v.rules.ep_when);
    EXPECT_EQ(again.rules.compulsory_capture, v.rules.compulsory_capture);
  }
}

TEST(VariantId, EveryCompositionFitsTheLimit) {
  // Every set of ids that set different dimensions (with every option spelt out) is well under the limit: the
  // limit refuses only junk. The sets are enumerated depth first, an id joining only when its dimensions are
  // still free (sets of ids sharing one are refused anyway, and there are too many to list).
  const auto& cat = variant_catalogue();
  std::size_t longest = 0, valid = 0;
  std::vector<std::size_t> chosen;
  std::vector<Dimension> used;
  std::function<void(std::size_t)> extend = [&](std::size_t from) {
    if (!chosen.empty()) {
      std::string spec;
      for (std::size_t i : chosen) spec += (spec.empty() ? "" : "+") + cat[i].id;
      spec += ":compulsory=false,ep=none,madras-ep=capturer-only";
      if (refusal(spec).empty()) {
        ++valid;
        longest = std::max(longest, spec.size());
        EXPECT_EQ(make_variant(make_variant(spec).id).id, make_variant(spec).id) << spec;
      }
    }
    for (std::size_t i = from; i < cat.size(); ++i) {
      const auto& sets = cat[i].sets;
      if (std::any_of(sets.begin(), sets.end(),
                      [&](Dimension d) { return std::find(used.begin(), used.end(), d) != used.end(); }))
        continue;
      chosen.push_back(i);
      used.insert(used.end(), sets.begin(), sets.end());
      extend(i + 1);
      used.resize(used.size() - sets.size());
      chosen.pop_back();
    }
  };
  extend(0);
  EXPECT_GT(valid, 100u);
  EXPECT_LT(longest, kMaxVariantIdLength);
}
