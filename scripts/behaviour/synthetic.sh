# A deterministic landscape tuned through a run script, for
# scripts/behaviour/snapshot: the cost is a function of A, B and C.
#atf::tp name A range interval<int>(1, 32)
#atf::tp name B range interval<int>(1, 32) constraint [&](int B){ return (A * B) % 3 != 1; }
#atf::tp name C range {1, 2, 4, 8, 16}
#atf::abort_condition evaluations(60)
#atf::run_script "echo $(( (A-13)*(A-13) + (B-7)*(B-7)*3 + (C-4)*(C-4) + 5 )) > cost"
#atf::cost_file "cost"
