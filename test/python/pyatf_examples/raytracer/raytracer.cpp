// gcc_flags.py's program: casts a ray per pixel of a 160 x 120 image at
// three spheres and prints how many pixels see one.
#include <cmath>
#include <cstdio>

namespace {

struct Vec {
  double X, Y, Z;
};

Vec sub(Vec A, Vec B) { return {A.X - B.X, A.Y - B.Y, A.Z - B.Z}; }
double dot(Vec A, Vec B) { return A.X * B.X + A.Y * B.Y + A.Z * B.Z; }

bool hits(Vec Origin, Vec Dir, Vec Centre, double Radius) {
  const Vec L = sub(Origin, Centre);
  const double B = dot(L, Dir), C = dot(L, L) - Radius * Radius;
  return B * B - dot(Dir, Dir) * C >= 0;
}

} // namespace

int main() {
  const Vec Spheres[] = {{0, 0, 5}, {1.5, 0.5, 7}, {-1.5, -0.5, 6}};
  long Seen = 0;
  for (int Frame = 0; Frame < 20; ++Frame)
    for (int Y = 0; Y < 120; ++Y)
      for (int X = 0; X < 160; ++X) {
        const Vec Dir = {(X - 80) / 80.0, (Y - 60) / 80.0, 1};
        for (const Vec &S : Spheres)
          if (hits({0, 0, 0}, Dir, S, 1.0 + 0.01 * Frame)) {
            ++Seen;
            break;
          }
      }
  std::printf("%ld\n", Seen);
  return 0;
}
