// A quick program tuned through a run script: two configurations.
#atf::tp name X range{1, 2 }
#atf::run_script "echo $X > cost"
#atf::cost_file "cost"
int main() { return 0; }
