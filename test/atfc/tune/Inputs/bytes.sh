# String values and a program argument that are not UTF-8: every
# measurement adds one to $COUNTER, so a second run that reuses the first
# run's results measures nothing.
#atf::var<std::string>::A $1
#atf::tp name S range {"a\xff", "b\xc3", "c"}
#atf::search_technique exhaustive
#atf::run_script "n=$(cat \"$COUNTER\"); echo $((n + 1)) > \"$COUNTER\"; echo 1 > cost"
#atf::cost_file "cost"
