# Ranges that list values twice: X's set, and Y's generator (0, 0, 1, 1,
# 2, 2). 30 configurations, 9 distinct; each measured logs its values.
#atf::tp name X range {3, 1, 3, 2, 1}
#atf::tp name Y range interval<int>(0, 5, 1, [](int i) { return i / 2; })
#atf::search_technique exhaustive
#atf::run_script "echo $X,$Y >> \"$ATF_FILE_DIR/measured\"; echo $((X + 10 * Y)) > cost"
#atf::cost_file "cost"
