# Unambiguous spellings of the papers: equals(...) (TACO section 4),
# random_search (slides), a capture-less lambda naming another parameter
# ([](int ls){ return GS % ls == 0; }) and clause lines that are not
# indented (as the slides print them) but begin with a clause keyword.
# RUN: rm -rf %t && mkdir -p %t && cp %s %t/paper.sh
# RUN: %atfc check %t/paper.sh | FileCheck %s
# CHECK: group 1: GS LS
# CHECK: constraint names GS
# CHECK: filter predicate([&](int ls){ return GS % ls == 0; })
# CHECK: E : int in {1, 2, 3}
# CHECK: filter equal(2)
# RUN: %atfc tune %t/paper.sh | FileCheck %s --check-prefix=TUNE
# TUNE: done after 7 evaluations (7 valid)
#atf::tp name GS
range {4, 6}
#atf::tp name LS
range interval<int>(1, 6)
constraint [](int ls){ return GS % ls == 0; }
#atf::tp name E range {1, 2, 3} constraint equals(2)
#atf::search_technique random_search
#atf::abort_condition evaluations(7)
#atf::run_script "true"
