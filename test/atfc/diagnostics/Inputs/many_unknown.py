# many_unknown.py N: a directive file with N unknown directives.
import sys
print('#atf::tp name "X" range interval<int>(1, 4)')
for i in range(int(sys.argv[1])):
    print(f'#atf::bogus{i} 1')
print('#atf::run_script "true"')
