# A space that takes seconds to generate: 1.6·10^9 candidates, 0.0014 % kept.
#atf::tp name X range interval<int>(1, 100000)
#atf::tp name Y range interval<int>(1, 40000) constraint [](int Y) { return (X * 7 + Y) % 65521 == 0; }
#atf::run_script "echo $X > cost"
#atf::cost_file "cost"
