# Tuned through a script whose path has a blank, given $FLAVOUR from the
# environment: both are in the results key.
#atf::tp name X range {1, 2, 3}
#atf::search_technique exhaustive
#atf::run_script "sh \"$ATF_FILE_DIR/my run.sh\" \"$FLAVOUR\""
#atf::cost_file "cost"
