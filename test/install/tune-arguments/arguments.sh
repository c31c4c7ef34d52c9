# A tuning that measures nothing: best.json records the arguments and the
# abort condition atfc received.
#atf::var<std::string>::FIRST $1
#atf::var<std::string>::SECOND $2
#atf::tp name "B" range {1, 2, 3}
#atf::search_technique exhaustive
#atf::run_script "echo $B > cost"
#atf::cost_file "cost"
