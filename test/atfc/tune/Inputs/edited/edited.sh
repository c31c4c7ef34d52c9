# Measured through a script that edits itself on its second run, as a user
# fixing it during a long tuning would.
#atf::tp name X range {1, 2, 3, 4}
#atf::search_technique exhaustive
#atf::run_script "sh \"$ATF_FILE_DIR/measure.sh\""
#atf::cost_file "cost"
