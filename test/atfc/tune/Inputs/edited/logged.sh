# A run script that writes a log beside the file and then reads it: the
# log changes with every run, and is output, not covered by the key.
#atf::tp name X range {1, 2, 3}
#atf::search_technique exhaustive
#atf::run_script "echo $X >> \"$ATF_FILE_DIR/log.txt\"; tail -n 1 \"$ATF_FILE_DIR/log.txt\" > cost"
#atf::cost_file "cost"
