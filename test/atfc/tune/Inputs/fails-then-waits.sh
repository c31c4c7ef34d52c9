# X=1 fails (exit 4), X=2 writes a bad cost, X=3 leaves $STARTED behind and
# takes long enough to be interrupted; the rest are valid.
#atf::tp name X range {1, 2, 3, 4, 5, 6}
#atf::run_script "sh \"$ATF_FILE_DIR/fails-then-waits-run.sh\""
#atf::cost_file "cost"
#atf::search_technique exhaustive
